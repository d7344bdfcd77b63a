//! Where the idempotency boundary goes for an effect outside the database (an email): answered
//! at once, then seen in the workbench with every order of the steps tried.
use super::prelude::*;

pub(super) const SPEC: StopSpec = StopSpec {
    // After the answer: see it in the workbench (the page opens it), until it is open.
    next: |lab, _| (!lab.workbench_open).then_some(Act::OpenWorkbench),
    // Its answer is proven by the workbench's checker (see the path's tests).
    ..question(
        &[
            w(DedupTableCoversEmail),
            w(ProtectAtProvider),
            w(FewerRetries),
            w(InstanceMemory),
        ],
        ProtectAtProvider,
        // The workbench is far down the page: its own action opens it and brings it up.
        &[],
    )
};
