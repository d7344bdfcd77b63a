//! The dead-letter share at a 50 % failure probability, which the learner sets in the card:
//! an event goes there only if all seven deliveries fail, 0.5^7 ≈ 0.78 %.
use super::prelude::*;

/// The failure probability the stop asks the learner to set.
pub const FAILURE_RATE_P: f64 = 0.5;

/// The dead-letter shares offered, in tenths of a percent: none (retries always get through),
/// the truth (every one of the seven deliveries fails: 0.5^7), one failure fewer (the initial
/// delivery not counted), and the failure probability itself.
pub const SHARES: [Offer; 4] = [
    at(RetriesAlwaysGetThrough, Permille(0)),
    at(AllSevenFail, Permille(8)),
    at(ForgetsInitialDelivery, Permille(16)),
    at(EventFailsLikeOneDelivery, Permille(500)),
];

/// The offered share nearest to `rate` on a log scale (the figures observe a rate with
/// sampling noise; the offered shares are a factor of two or more apart).
fn nearest_share(rate: f64) -> Answer {
    let log = |r: f64| (r + 1e-4).log10();
    let off = |o: &Offer| match o.shows {
        Permille(m) => (log(f64::from(m) / 1000.0) - log(rate)).abs(),
        _ => f64::INFINITY,
    };
    SHARES
        .iter()
        .min_by(|a, b| off(a).total_cmp(&off(b)))
        .map_or(Permille(0), |o| o.shows)
}

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &SHARES,
    right: AllSevenFail,
    panels: &[Panel::Figures],
    kind: Kind::Run,
    // The learner sets the probability in the card, and reads the rate it gives beside it.
    evidence: Evidence::Rate,
    scene: || vec![Action::Restart(quiet())],
    // The figures' rate, once the learner has predicted and set the stop's probability.
    observe: |lab, here| {
        if !here.predicted {
            return None;
        }
        let f = lab.figures.as_ref()?;
        let set = (lab.cfg.failure_probability - FAILURE_RATE_P).abs() < 1e-9;
        (set && f.config == lab.cfg).then(|| nearest_share(f.current.dead_letter_rate()))
    },
    // The slider is the action, in the card.
    next: no_act,
    through: at_once,
    changed: None,
};
