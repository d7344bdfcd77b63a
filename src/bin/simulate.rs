//! Native runner: reads a scenario (JSON file, or `-` for standard input) and writes the
//! run's log as JSON Lines to standard output, the same format the page exports.
use std::io::{Read, Write};
use std::process::ExitCode;

use retry_lab::embed::scenario::parse;
use retry_lab::sim::log::to_jsonl;
use retry_lab::sim::scenario::MAX_BYTES;
use retry_lab::sim::utc::truncate;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: simulate FILE   (FILE is a scenario in JSON, or - for standard input)");
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
