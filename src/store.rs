//! How the three programs (the lab, the workbench, the teacher's page) hold their state: one
//! value behind one reducer, changed only by the actions dispatched to it, and a component that
//! redraws when applying an action says something it shows changed.
use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

/// A program's state and the one way to change it.
pub struct Store<S, A> {
    pub state: Rc<RefCell<S>>,
    pub dispatch: Callback<A>,
}

/// Holds the value `init` makes on the first render; `apply` (also taken once) changes it for
/// each action dispatched and answers whether the component must redraw. The dispatch callback
/// is the same for the component's whole life: children compare their props, and a new
/// callback on every render would redraw every one of them on every clock tick.
#[hook]
pub fn use_store<S, A, I, F>(init: I, apply: F) -> Store<S, A>
where
    S: 'static,
    A: 'static,
    I: FnOnce() -> S,
    F: Fn(&Rc<RefCell<S>>, A) -> bool + 'static,
{
    let state = use_mut_ref(init);
    let redraw = use_force_update();
    let dispatch = (*use_memo((), {
        let state = state.clone();
        move |_| {
            Callback::from(move |a: A| {
                if apply(&state, a) {
                    redraw.force_update();
                }
            })
        }
    }))
    .clone();
    Store { state, dispatch }
}
