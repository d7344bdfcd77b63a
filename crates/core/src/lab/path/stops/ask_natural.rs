//! The lesson's question on natural idempotency: which operation is idempotent with no extra
//! work?
use super::prelude::*;

pub(super) const SPEC: StopSpec = question(
    &[w(AppendLine), w(AddToBalance), w(SetStatus), w(SendEmail)],
    SetStatus,
    &[Panel::Timeline, Panel::Consumers],
);
