//! A fact published twice, deduplicated on the producer's random v4 id: each publication gets
//! a new id, so the idempotent consumer stores two rows as well.
use super::prelude::*;
use crate::sim::DedupOn;

pub(super) const SPEC: StopSpec = StopSpec {
    offers: &[
        at(NaiveDeduplicates, Rows(1, 1)),
        at(V4CatchesRepublication, Rows(1, 2)),
        at(V4MissesRepublication, Rows(2, 2)),
    ],
    right: V4MissesRepublication,
    scene: || quiet_run(DedupOn::Producer),
    ..super::double_v5::DOUBLE
};
