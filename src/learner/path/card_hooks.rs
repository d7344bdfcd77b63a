//! The path card's hooks: what it brings on screen and where the keyboard focus goes
//! ([`use_card_scroll`]), and the texts it fetches when it lacks them ([`use_lazy_texts`]), so
//! that `PathView` only renders.
use retry_lab_text::Tables;
use yew::prelude::*;

use crate::learner::text_files::{fetch_file, File};
use crate::reveal::{reveal_id, Revealer};
use retry_lab_core::embed::protocol::Align;
use retry_lab_core::lab::revs::Concern;
use retry_lab_core::lab::{Action, Lab};

use super::card::bring_to_top;

/// The card's scrolling and focus, each an effect keyed by what moves it: the focus after a
/// choice, a new stop's title, the folded bar, the verdict, the run's last line, the stop's
/// own button and the failure-rate slider. Returns the element the focus moves to once the
/// learner chose (the stop's action, or a question's result), for the card to attach.
#[hook]
pub fn use_card_scroll(lab: &Lab, host: Option<Revealer>) -> NodeRef {
    let path = &lab.path;
    let stop = path.stop();
    // A chosen button is disabled, which drops the keyboard focus: it moves on to the stop's
    // action, or to a question's answer, without scrolling the page (a tap moved the course
    // page 460 px on a phone; the bar at the screen's bottom holds the same action).
    let next_focus = use_node_ref();
    {
        let next_focus = next_focus.clone();
        use_effect_with((stop, path.said().is_some()), move |&(_, said)| {
            if said {
                if let Some(el) = next_focus.cast::<web_sys::HtmlElement>() {
                    let opts = web_sys::FocusOptions::new();
                    opts.set_prevent_scroll(true);
                    let _ = el.focus_with_options(&opts);
                }
            }
        });
    }
    // A new stop opens with its number and heading in view (not on the first render: the page
    // starts at its top), on the learner's screen wherever the lab is framed.
    {
        let first = use_mut_ref(|| true);
        let host = host.clone();
        use_effect_with(stop, move |_| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                bring_to_top("path-count", host);
            }
        });
    }
    // Leaving the path for free exploration folds the card into a bar: the learner, who was
    // at its foot, is brought to it, the controls under it (not left in their middle).
    {
        let first = use_mut_ref(|| true);
        let host = host.clone();
        use_effect_with(path.guided(), move |&guided| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) && !guided {
                bring_to_top("path", host);
            }
        });
    }
    // The verdict comes where the learner is looking: under the run's evidence, which can push
    // it below the screen on a phone. It is brought on screen when it comes (and only then).
    // A computed comparison's chart comes with it, its heading first: the chart from its top
    // (drawn in `#path-compared` once compared, below).
    {
        let host = host.clone();
        let judged = path.verdict().is_some();
        let chart = path.compared();
        // The path's last verdict comes with the score under it (the path is over).
        let score = stop.next().is_none() && path.finished();
        // Again once the feedback's words come (`path-es.txt`): the result grows with them.
        let worded = lab.lang.path_ready();
        use_effect_with((stop, judged, worded), move |&(_, judged, _)| {
            if judged && chart {
                crate::reveal::reveal_span("path-compared", "path-result", host.as_ref());
            } else if judged && score {
                crate::reveal::reveal_span("path-result", "path-finished", host.as_ref());
            } else if judged {
                reveal_id("path-result", Align::Nearest, host.as_ref());
            }
        });
    }
    // What the run shows in the card comes on screen as it grows, whichever button moved it
    // (the card's or the bar's): each attempt, read, or operation of a demonstration, its last
    // line brought into view (nothing moves while it is already there).
    {
        let host = host.clone();
        // Once judged, the result is brought instead (it comes under the run's lines).
        let running = path.said().is_some() && path.verdict().is_none();
        let run = [Concern::Sim, Concern::Polling, Concern::Demos].map(|c| lab.revs.get(c));
        use_effect_with((stop, running, run), move |&(_, running, _)| {
            if running {
                crate::reveal::reveal_selector(
                    "#path-ops > li:last-child, #path-evidence > li:last-child",
                    Align::Nearest,
                    host.as_ref(),
                );
            }
        });
    }
    // Once predicted, the stop's own button comes where a thumb can press it: on screen and
    // clear of the floating bar (its scroll margin is the bar's height), not half under it.
    // Not once judged: the verdict is what is brought then (a question's comes with its act).
    {
        let host = host.clone();
        let offered = path.said().is_some() && path.act().is_some() && path.verdict().is_none();
        use_effect_with((stop, offered), move |&(_, offered)| {
            if offered {
                reveal_id("path-act", Align::Nearest, host.as_ref());
            }
        });
    }
    // A stop whose next move is the card's own slider (not the bar's button): once predicted,
    // the slider comes on screen.
    {
        let host = host.clone();
        let said = path.said().is_some();
        use_effect_with((stop, said), move |&(_, said)| {
            if said {
                reveal_id("path-rate", Align::Nearest, host.as_ref());
            }
        });
    }
    next_focus
}

/// Fetches `path-es.txt` when the card needs words it does not have yet (a stop past the
/// first, or the feedback of a result) and tells the lab once they are read.
#[hook]
pub fn use_lazy_texts(lab: &Lab, a: Callback<Action>) {
    let path = &lab.path;
    let stop = path.stop();
    let t = lab.lang.t();
    // This stop's texts (a stop past the first, before `path-es.txt` came) or the feedback of
    // its result are not here yet: fetch them now, and redraw once they are read.
    let wanted = path.guided()
        && !lab.lang.path_ready()
        && (path.verdict().is_some() || t.stop_text(stop).todo.is_empty());
    use_effect_with(wanted, move |&wanted| {
        if wanted {
            fetch_file(
                File::SpanishPath,
                Callback::from(move |_| a.emit(Action::TextsArrived)),
            );
        }
    });
}
