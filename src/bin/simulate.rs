//! Native runner: reads a scenario (JSON file, or `-` for standard input) and writes the
//! run's log as JSON Lines to standard output, the same format the page exports; or, as
//! `simulate check`, runs the consumer workbench's checker on a program of steps.
use std::io::{Read, Write};
use std::process::ExitCode;

use retry_lab::embed::scenario::parse;
use retry_lab::sim::log::to_jsonl;
use retry_lab::sim::scenario::MAX_BYTES;
use retry_lab::sim::utc::truncate;
use retry_lab::sim::workbench::{self, Program};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("check") {
        return check(&args[1..]);
    }
    let [path] = args.as_slice() else {
        eprintln!("usage: simulate FILE   (FILE is a scenario in JSON, or - for standard input)");
        eprintln!(
            "       simulate check --steps begin,insert,apply,commit,ack [--effect add|set|email]"
        );
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

/// `simulate check --steps S,S,… [--effect E]`: the workbench's verdict as one JSON object.
fn check(args: &[String]) -> ExitCode {
    let usage =
        "usage: simulate check --steps begin,insert,apply,commit,ack [--effect add|set|email]";
    let (mut steps, mut effect) = (None, "add".to_string());
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let Some(value) = it.next() else {
            eprintln!("simulate check: {flag} needs a value\n{usage}");
            return ExitCode::from(2);
        };
        match flag.as_str() {
            "--steps" => steps = Some(value.clone()),
            "--effect" => effect = value.clone(),
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
    match Program::parse(&steps, &effect) {
        Ok(p) => {
            println!("{}", workbench::check(&p).to_json());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("simulate check: {e}");
            ExitCode::from(2)
        }
    }
}
