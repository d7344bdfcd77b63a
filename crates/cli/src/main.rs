//! Native runner: reads a scenario (JSON file, or `-` for standard input) and writes the
//! run's log as JSON Lines to standard output, the same format the page exports; or, as
//! `simulate check`, runs the consumer workbench's checker on a program of steps; as
//! `simulate class`, writes the teacher's report of a file of xAPI statements; as
//! `simulate learners`, walks a planned class through the lab and writes the statements it
//! sends; as `simulate stops`, writes the guided path's stops and choices.
use std::io::{Read, Write};
use std::process::ExitCode;

use retry_lab_core::embed::scenario::parse;
use retry_lab_core::sim::log::to_jsonl;
use retry_lab_core::sim::scenario::MAX_BYTES;
use retry_lab_core::sim::utc::truncate;
use retry_lab_core::sim::workbench::{self, Program};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("check") {
        return check(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("class") {
        return class(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("learners") {
        return learners(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("stops") {
        let text = format!("{}\n", retry_lab_core::record::class::stops_json());
        let mut out = std::io::stdout().lock();
        return match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(3),
        };
    }
    let [path] = args.as_slice() else {
        eprintln!("usage: simulate FILE   (FILE is a scenario in JSON, or - for standard input)");
        eprintln!(
            "       simulate check --steps begin,insert,apply,commit,ack [--effect add|set|email] [--constraint unique|none]"
        );
        eprintln!("       {CLASS_USAGE}");
        eprintln!("       {LEARNERS_USAGE}");
        eprintln!("       simulate stops");
        return ExitCode::from(2);
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .take(MAX_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes))
    };
    if let Err(e) = read {
        eprintln!("simulate: cannot read {path}: {e}");
        return ExitCode::from(2);
    }
    let scenario = match parse(&bytes) {
        Ok(s) => s,
        Err(e) => {
            // The field and the problem, never echoing more than a little of the input.
            eprintln!(
                "simulate: invalid scenario: {}",
                truncate(&e.to_string(), 300)
            );
            return ExitCode::from(1);
        }
    };
    let sim = scenario.run();
    let mut out = std::io::stdout().lock();
    if out
        .write_all(to_jsonl(sim.log()).as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

/// `simulate check --steps S,S,… [--effect E] [--constraint C]`: the workbench's verdict as one
/// JSON object, with the positions (from 0) of the checks a safe program does not need.
fn check(args: &[String]) -> ExitCode {
    let usage = "usage: simulate check --steps begin,insert,apply,commit,ack [--effect add|set|email] [--constraint unique|none]";
    let (mut steps, mut effect, mut constraint) = (None, "add".to_string(), "unique".to_string());
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let Some(value) = it.next() else {
            eprintln!("simulate check: {flag} needs a value\n{usage}");
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--steps" => steps = Some(value.clone()),
            "--effect" => effect = value.clone(),
            "--constraint" => constraint = value.clone(),
            _ => {
                eprintln!(
                    "simulate check: unknown option {}\n{usage}",
                    truncate(flag, 40)
                );
                return ExitCode::from(2);
            }
        }
    }
    let Some(steps) = steps else {
        eprintln!("simulate check: --steps is required\n{usage}");
        return ExitCode::from(2);
    };
    match Program::parse(&steps, &effect, &constraint) {
        Ok(p) => {
            let report = workbench::check(&p).to_json();
            let mut out: serde_json::Value = serde_json::from_str(&report).unwrap_or_default();
            out["constraint"] = p.constraint.as_str().into();
            out["redundant_checks"] = workbench::redundant_checks(&p).into();
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("simulate check: {e}");
            ExitCode::from(2)
        }
    }
}

const LEARNERS_USAGE: &str = "simulate learners PLAN   (PLAN: a class's plan in JSON, or -)";

/// `simulate learners PLAN`: each planned learner walks the lab's guided path with the lab's
/// own reducer; the statements the lab sends (with the actor a host adds) go to standard
/// output as JSON Lines, ready to POST to a record store.
fn learners(args: &[String]) -> ExitCode {
    use retry_lab_core::record::class::{walk, Plan};
    let [path] = args else {
        eprintln!("usage: {LEARNERS_USAGE}");
        return ExitCode::from(2);
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(64 << 20).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(64 << 20).read_to_end(&mut bytes))
    };
    if let Err(e) = read {
        eprintln!("simulate learners: cannot read {}: {e}", truncate(path, 80));
        return ExitCode::from(2);
    }
    let plan = match Plan::parse(&bytes) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("simulate learners: {}", truncate(&e, 300));
            return ExitCode::from(1);
        }
    };
    let words = retry_lab_text::progress::LabWords;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (i, l) in plan.learners.iter().enumerate() {
        // Each learner an hour after the one before, a second per action.
        let start = plan.start_s + 3600 * i as u64;
        let walked = match walk(
            &plan.activity,
            l,
            retry_lab_core::lang::Lang::Es,
            start,
            &words,
        ) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("simulate learners: {}", truncate(&e, 300));
                return ExitCode::from(1);
            }
        };
        for st in walked.statements {
            if writeln!(out, "{st}").is_err() {
                return ExitCode::from(3);
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

const CLASS_USAGE: &str = "simulate class --statements FILE [--activity IRI] [--class IRI] \
                           [--format json|table] [--anonymous]";

/// `simulate class --statements FILE …`: the teacher's report of a file of xAPI statements (a
/// JSON array, a statements page or JSON Lines; `-` for standard input), read in chunks.
fn class(args: &[String]) -> ExitCode {
    use retry_lab_report::output::{self, Naming};
    use retry_lab_report::read::{read_from, ReadError};
    use retry_lab_report::{no_names, Filter, Report, Skip};

    let usage = format!("usage: {CLASS_USAGE}");
    let (mut file, mut filter, mut format, mut anonymous) =
        (None, Filter::default(), "json".to_string(), false);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--anonymous" {
            anonymous = true;
            continue;
        }
        let Some(value) = it.next() else {
            eprintln!(
                "simulate class: {} needs a value\n{usage}",
                truncate(flag, 40)
            );
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--statements" => file = Some(value.clone()),
            "--activity" => filter.activity = Some(value.clone()),
            "--class" => filter.class = Some(value.clone()),
            "--format" if value == "json" || value == "table" => format = value.clone(),
            "--format" => {
                eprintln!(
                    "simulate class: --format is json or table, not {}",
                    truncate(value, 40)
                );
                return ExitCode::from(2);
            }
            _ => {
                eprintln!(
                    "simulate class: unknown option {}\n{usage}",
                    truncate(flag, 40)
                );
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("simulate class: --statements is required\n{usage}");
        return ExitCode::from(2);
    };
    let mut report = Report::new(filter);
    let read = if file == "-" {
        read_from(std::io::stdin().lock(), &mut |p| report.feed_piece(p))
    } else {
        match std::fs::File::open(&file) {
            Ok(f) => read_from(f, &mut |p| report.feed_piece(p)),
            Err(e) => Err(ReadError::Io(e)),
        }
    };
    let shown = truncate(&file, 80);
    match read {
        Ok(_) => {}
        Err(ReadError::Io(e)) => {
            eprintln!("simulate class: cannot read {shown}: {e}");
            return ExitCode::from(2);
        }
        Err(ReadError::Split(e)) => {
            eprintln!("simulate class: {shown} is not statements: {e}");
            return ExitCode::from(1);
        }
    }
    let c = report.counts();
    if c.answers < c.read {
        let why: Vec<String> = Skip::ALL
            .iter()
            .filter(|&&s| c.skipped(s) > 0)
            .map(|&s| format!("{} {}", c.skipped(s), s.as_str()))
            .collect();
        eprintln!(
            "simulate class: {} of {} statements are answers here; skipped: {}",
            c.answers,
            c.read,
            why.join(", ")
        );
    }
    let naming = if anonymous {
        Naming::Anonymous {
            template: "Estudiante {0}",
        }
    } else {
        Naming::Names
    };
    let text = if format == "table" {
        output::table(&report, &no_names, naming, retry_lab_core::lang::Lang::Es)
    } else {
        let mut t = output::json(&report, &no_names, naming).to_string();
        t.push('\n');
        t
    };
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}
