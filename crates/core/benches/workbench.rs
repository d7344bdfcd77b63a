//! The workbench checker's speed: each preset, then 3 000 seeded random programs of 12 steps,
//! then a climb from the largest of them (one step changed at a time, kept when the state count
//! grows), reporting the median, the worst and the slowest program found (which
//! `benches/browser.mjs` then times in the page). Run: `cargo bench --bench workbench`.
use std::hint::black_box;
use std::time::Instant;

use retry_lab_core::sim::rng::SimRng;
use retry_lab_core::sim::workbench::{
    check, Constraint, Effect, Program, Step, MAX_STEPS, PRESETS,
};

fn time(p: &Program) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut states = 0;
    for _ in 0..3 {
        let t = Instant::now();
        states = black_box(check(black_box(p))).states;
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    (best, states)
}

fn main() {
    for pr in PRESETS {
        let p = Program {
            steps: pr.steps.to_vec(),
            effect: Effect::Add,
            constraint: pr.constraint,
        };
        let (ms, states) = time(&p);
        println!(
            "workbench preset {:<18} {:>7} states {:>8.3} ms",
            pr.id, states, ms
        );
    }
    let mut rng = SimRng::new(20261201);
    let mut times = Vec::new();
    let mut worst = (0.0, 0, String::new());
    for _ in 0..3000 {
        let steps = (0..MAX_STEPS)
            .map(|_| Step::ALL[(rng.next_u64() % Step::COUNT as u64) as usize])
            .collect();
        let effect = Effect::ALL[(rng.next_u64() % Effect::COUNT as u64) as usize];
        let p = Program {
            steps,
            effect,
            constraint: Constraint::Unique,
        };
        let (ms, states) = time(&p);
        times.push(ms);
        if ms > worst.0 {
            worst = (
                ms,
                states,
                format!("{} --effect {}", p.steps_text(), effect.as_str()),
            );
        }
    }
    // Climb: the state count (deterministic, unlike a time) of the largest program so far.
    let parse = |w: &str| {
        let (steps, effect) = w.split_once(" --effect ").unwrap_or((w, "add"));
        Program::parse(steps, effect, "unique").unwrap_or(Program {
            steps: vec![Step::Ack],
            effect: Effect::Add,
            constraint: Constraint::Unique,
        })
    };
    let mut best = parse(&worst.2);
    let mut best_states = check(&best).states;
    for _ in 0..4000 {
        let mut p = best.clone();
        let i = (rng.next_u64() % MAX_STEPS as u64) as usize;
        p.steps[i] = Step::ALL[(rng.next_u64() % Step::COUNT as u64) as usize];
        let n = check(&p).states;
        if n > best_states {
            best = p;
            best_states = n;
        }
    }
    let (ms, states) = time(&best);
    if ms > worst.0 {
        worst = (
            ms,
            states,
            format!("{} --effect {}", best.steps_text(), best.effect.as_str()),
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "workbench 12-step programs (3000 random, then a climb): median {:.3} ms, worst {:.3} ms ({} states)",
        times[times.len() / 2],
        worst.0,
        worst.1
    );
    println!("WORKBENCH_SLOWEST={}", worst.2);
}
