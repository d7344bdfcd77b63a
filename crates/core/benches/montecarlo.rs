//! Monte Carlo throughput: 1 000 000 events at p = 0.5, against a bare loop that draws the same
//! random numbers from the same generator. Run: `cargo bench --bench montecarlo`.
use std::hint::black_box;
use std::time::Instant;

use retry_lab_core::sim::montecarlo::run;
use retry_lab_core::sim::rng::{threshold, SimRng};
use retry_lab_core::sim::Config;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let events = 1_000_000;
    let cfg = Config {
        failure_probability: 0.5,
        ..Config::default()
    };
    let reference = run(&cfg, events);
    // Draws made: one per attempt, plus one ack-lost draw per failed attempt.
    let failures = reference.attempts - (events - reference.dead_lettered);
    let draws = reference.attempts + failures;

    let mut mc = Vec::new();
    let mut bare = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let r = black_box(run(black_box(&cfg), black_box(events)));
        mc.push(t.elapsed().as_secs_f64());
        assert_eq!(r, reference);

        let t = Instant::now();
        let mut rng = SimRng::new(cfg.seed);
        let th = threshold(0.5);
        let mut acc = 0u64;
        for _ in 0..black_box(draws) {
            acc += u64::from(rng.chance(th));
        }
        black_box(acc);
        bare.push(t.elapsed().as_secs_f64());
    }
    let (mc, bare) = (median(mc), median(bare));
    println!(
        "montecarlo: {events} events, {} attempts, {draws} draws, dead-lettered {}",
        reference.attempts, reference.dead_lettered
    );
    println!(
        "montecarlo: {:.1} ms, {:.1} M attempts/s",
        mc * 1e3,
        reference.attempts as f64 / mc / 1e6
    );
    println!(
        "bare loop:  {:.1} ms for the same {draws} draws",
        bare * 1e3
    );
    println!("ratio (Monte Carlo / bare loop): {:.2}x", mc / bare);
}
