//! The one random generator of a simulation: xoshiro256++ seeded through SplitMix64.
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Named algorithm, so a run can be reproduced by any implementation: xoshiro256++
/// (Blackman and Vigna), its 256-bit state filled from the u64 seed by SplitMix64.
pub const ALGORITHM: &str = "xoshiro256++ / SplitMix64";

/// 2^53: draws are 53-bit integers so a probability maps exactly onto a threshold.
const UNIT: u64 = 1 << 53;

#[derive(Clone, Debug)]
pub struct SimRng(Xoshiro256PlusPlus);

/// Independent streams of one seeded generator: each part of a run that draws on its own
/// (the hub, the polling demo) gets a stream 2^128 draws apart, so neither shifts the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Hub = 0,
    Polling = 1,
    /// The no-jitter stop's jittered log (`super::jitter`).
    Jitter = 2,
    /// The jitter stop's many retries after one outage (`super::herd`).
    Herd = 3,
}

impl SimRng {
    /// The hub's stream (stream 0) of the generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        SimRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Stream `s` of the generator seeded with `seed`: the same generator, jumped ahead
    /// 2^128 draws per stream number (xoshiro256++'s own `jump`).
    pub fn stream(seed: u64, s: Stream) -> Self {
        let mut g = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..s as u8 {
            g.jump();
        }
        SimRng(g)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// True with probability `threshold / 2^53`; see [`threshold`].
    #[inline]
    pub fn chance(&mut self, threshold: u64) -> bool {
        (self.0.next_u64() >> 11) < threshold
    }

    pub fn bytes16(&mut self) -> [u8; 16] {
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&self.0.next_u64().to_le_bytes());
        out[8..].copy_from_slice(&self.0.next_u64().to_le_bytes());
        out
    }
}

/// Integer threshold for [`SimRng::chance`]: 0 never fires, 1 always does. Probabilities
/// are validated to 0..=1 before they get here; anything else is clamped, never a panic.
pub fn threshold(p: f64) -> u64 {
    if p.is_nan() || p <= 0.0 {
        0
    } else if p >= 1.0 {
        UNIT
    } else {
        (p * UNIT as f64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extremes_are_exact() {
        let mut r = SimRng::new(1);
        assert!((0..10_000).all(|_| r.chance(threshold(1.0))));
        assert!((0..10_000).all(|_| !r.chance(threshold(0.0))));
        assert_eq!(threshold(f64::NAN), 0);
    }

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = {
            let mut r = SimRng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let b: Vec<u64> = {
            let mut r = SimRng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let c: Vec<u64> = {
            let mut r = SimRng::new(8);
            (0..5).map(|_| r.next_u64()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn streams_are_the_one_generator_jumped() {
        let mut hub = SimRng::stream(7, Stream::Hub);
        assert_eq!(hub.next_u64(), SimRng::new(7).next_u64());
        let mut jumped = Xoshiro256PlusPlus::seed_from_u64(7);
        jumped.jump();
        let mut polling = SimRng::stream(7, Stream::Polling);
        assert_eq!(polling.next_u64(), jumped.next_u64());
        assert_ne!(
            SimRng::stream(7, Stream::Polling).next_u64(),
            SimRng::new(7).next_u64()
        );
    }
}
