//! What every stop's file uses: the spec's parts, the stops' actions and readings, the choices.
pub(super) use super::super::act::{quiet, quiet_run, race, ten_second_base, Act, Stepped};
pub(super) use super::super::read;
pub(super) use super::super::spec::{
    at, at_once, no_act, no_scene, question, w, Answer, Evidence, Kind, Offer, SceneChange,
    StopSpec,
};
pub(super) use super::Choice::*;
pub(super) use crate::lab::panels::Panel;
pub(super) use crate::lab::Action;
/// A choice shown in words, as a run shows it.
pub(super) use Answer::Choice as Words;
pub(super) use Answer::{Count, Permille, Rows, Secs};
