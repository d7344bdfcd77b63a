//! The learner's taps on the prerendered first view, which `www/start.js` hands to the live
//! lab as it starts: read within bounds, in order, and turned into the lab's actions so the
//! first render already shows them (a tap replayed as a click would redraw a frame later).
use super::value::Value;
use crate::lab::path::{Choice, PathAction, Stop};
use crate::lab::Action;

/// What the copy's card answers to: one of the first stop's choices, or one of its buttons
/// with an id («Siguiente», «Explorar libremente»).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    Choice(Choice),
    Next,
    Explore,
}

impl Tap {
    /// A tap as `start.js` names it: the choice's `data-choice`, or the live button's id.
    pub fn from_name(name: &str) -> Option<Tap> {
        match name {
            "path-next" => Some(Tap::Next),
            "path-explore" => Some(Tap::Explore),
            other => Choice::from_name(other).map(Tap::Choice),
        }
    }

    /// What the tap does at stop `at`: none for «Siguiente» at the last stop. A choice that
    /// `at` does not offer is the core's to ignore, as a click on it would be.
    pub fn action(self, at: Stop) -> Option<Action> {
        Some(Action::Path(match self {
            Tap::Choice(c) => PathAction::Predict(c),
            Tap::Next => PathAction::Go(at.next()?),
            Tap::Explore => PathAction::Explore,
        }))
    }
}

/// The taps handed over (a list of names): as the copy takes them, at most one choice and
/// nothing after a button, so a page that hands over more or other things changes nothing
/// else. Anything that is not a list of known names is left out.
pub fn read(v: &Value) -> Vec<Tap> {
    let Value::List(names) = v else {
        return Vec::new();
    };
    let mut taps = Vec::new();
    for name in names {
        let Value::Str(name) = name else { continue };
        let Some(tap) = Tap::from_name(name) else {
            continue;
        };
        match tap {
            Tap::Choice(_) if taps.iter().any(|t| matches!(t, Tap::Choice(_))) => continue,
            Tap::Choice(_) => taps.push(tap),
            Tap::Next | Tap::Explore => {
                taps.push(tap);
                break;
            }
        }
    }
    taps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(names: &[&str]) -> Value {
        Value::List(names.iter().map(|n| Value::Str(n.to_string())).collect())
    }

    #[test]
    fn reads_a_choice_then_a_button_in_order() {
        assert_eq!(
            read(&list(&["waits-add-up", "path-next"])),
            vec![Tap::Choice(Choice::WaitsAddUp), Tap::Next]
        );
        assert_eq!(read(&list(&["path-explore"])), vec![Tap::Explore]);
    }

    #[test]
    fn takes_one_choice_and_nothing_after_a_button() {
        assert_eq!(
            read(&list(&[
                "next-wait",
                "waits-add-up",
                "path-explore",
                "path-next",
                "next-wait"
            ])),
            vec![Tap::Choice(Choice::NextWait), Tap::Explore]
        );
    }

    #[test]
    fn leaves_out_what_is_not_a_list_of_known_names() {
        for v in [
            Value::Absent,
            Value::Null,
            Value::Str("waits-add-up".into()),
            Value::Obj(vec![("0".into(), Value::Str("path-next".into()))]),
            Value::List(vec![Value::Num(1.0), Value::Null, Value::Other]),
            list(&[
                "",
                "#path-next",
                "pre-path-next",
                "WAITS-ADD-UP",
                "path-back",
            ]),
        ] {
            assert_eq!(read(&v), vec![], "{v:?}");
        }
        assert_eq!(
            read(&Value::List(vec![
                Value::Num(3.0),
                Value::Str("path-next".into())
            ])),
            vec![Tap::Next]
        );
    }

    #[test]
    fn each_tap_is_the_action_its_button_sends() {
        let first = Stop::ALL[0];
        assert_eq!(
            Tap::Choice(Choice::WaitsAddUp).action(first),
            Some(Action::Path(PathAction::Predict(Choice::WaitsAddUp)))
        );
        assert_eq!(
            Tap::Next.action(first),
            Some(Action::Path(PathAction::Go(Stop::ALL[1])))
        );
        assert_eq!(
            Tap::Explore.action(first),
            Some(Action::Path(PathAction::Explore))
        );
        assert_eq!(Tap::Next.action(*Stop::ALL.last().unwrap()), None);
    }
}
