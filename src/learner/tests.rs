//! Native tests of the views: each panel, rendered to HTML by Yew's server renderer, shows
//! nothing new after an action that changed none of the concerns it is drawn for. A panel that
//! read state outside its mask would show stale data in the page (it is not drawn again); here
//! it fails, naming the panel, the action and what changed.
use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::learner::LabRef;
use retry_lab_core::embed::protocol::MountOptions;
use retry_lab_core::lab::clock::ClockAction;
use retry_lab_core::lab::panels::{self, Panel};
use retry_lab_core::lab::path::{Choice, PathAction, Stop};
use retry_lab_core::lab::polling::PollAction;
use retry_lab_core::lab::run::RunAction;
use retry_lab_core::lab::settings::SettingsAction;
use retry_lab_core::lab::stepper::StepperAction;
use retry_lab_core::lab::{Action, Concerns, Lab};
use retry_lab_core::lang::Lang;
use retry_lab_core::sim::config::Setting;
use retry_lab_core::sim::demos::{RaceGuard, TxBoundary};
use retry_lab_core::sim::{Config, Fault};

#[derive(Properties, PartialEq)]
struct OneProps {
    panel: Option<Panel>,
    lab: LabRef,
}

/// One panel as the page draws it (`None`: the controls).
#[component]
fn One(props: &OneProps) -> Html {
    let on_action = Callback::noop();
    match props.panel {
        Some(p) => {
            crate::learner::app::render(p, props.lab.clone(), on_action, &MountOptions::default())
        }
        None => {
            html! { <crate::learner::controls::Controls lab={props.lab.clone()} {on_action} /> }
        }
    }
}

fn html_of(panel: Option<Panel>, lab: &Rc<RefCell<Lab>>, mask: Concerns) -> String {
    let props = OneProps {
        panel,
        lab: LabRef::new(lab, mask),
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    rt.block_on(
        tokio::task::LocalSet::new().run_until(
            yew::LocalServerRenderer::<One>::with_props(props)
                .hydratable(false)
                .render(),
        ),
    )
}

/// What the page draws, each with the concerns it is drawn for.
fn views() -> Vec<(String, Option<Panel>, Concerns)> {
    let mut v: Vec<_> = Panel::ALL
        .iter()
        .map(|&p| (p.as_str().to_string(), Some(p), p.concerns()))
        .collect();
    v.push(("controls".into(), None, panels::CONTROLS));
    v
}

/// Every setting has its control in the controls panel, under the id `control_id` gives it.
#[test]
fn every_setting_has_its_control() {
    use crate::learner::controls::control_id;
    use retry_lab_core::sim::config::Setting;
    let lab = Rc::new(RefCell::new(Lab::new(Config::default(), Lang::Es)));
    let html = html_of(None, &lab, panels::CONTROLS);
    for &s in Setting::ALL {
        let id = control_id(s);
        assert!(
            html.contains(&format!(r#"id="{id}""#)),
            "{s:?} has no control #{id} in the panel (open src/learner/controls.rs)"
        );
    }
}

#[test]
fn no_panel_shows_anything_new_after_an_action_outside_its_concerns() {
    let lab = Rc::new(RefCell::new(Lab::new(Config::default(), Lang::Es)));
    let actions = [
        Action::WantFigures,
        Action::Path(PathAction::Go(Stop::Backoff)),
        Action::Path(PathAction::Predict(Choice::WaitsAddUp)),
        Action::Path(PathAction::Do),
        Action::Clock(ClockAction::SetSpeed(3600)),
        Action::Tick(1000.0),
        Action::Tick(1000.0),
        Action::Path(PathAction::Explore),
        Action::Run(RunAction::Inject(Fault::AckLost)),
        Action::Run(RunAction::PublishTwice),
        Action::Run(RunAction::Step),
        Action::Run(RunAction::Select(0)),
        Action::Run(RunAction::SetOutage(true)),
        Action::Run(RunAction::PublishOne),
        Action::Tick(1000.0),
        Action::Run(RunAction::StepBack),
        Action::Settings(SettingsAction::Set(
            Setting::FailureProbability,
            "0.8".into(),
        )),
        Action::Settings(SettingsAction::Settle),
        Action::Race(StepperAction::Choose(RaceGuard::UniqueConstraint)),
        Action::Race(StepperAction::Next),
        Action::Tx(StepperAction::Choose(TxBoundary::EffectFirst)),
        Action::Tx(StepperAction::Next),
        Action::Poll(PollAction::Append),
        Action::Poll(PollAction::Poll { crash: true }),
        Action::Path(PathAction::Go(Stop::Rebalance)),
        Action::ShareLink,
        Action::HostMessage(false),
        Action::Settings(SettingsAction::Set(Setting::Seed, "x".into())),
        Action::DismissNotice,
        Action::Path(PathAction::Go(Stop::FailureRate)),
        Action::Path(PathAction::Predict(Choice::AllSevenFail)),
        Action::Settings(SettingsAction::Set(
            Setting::FailureProbability,
            "0.5".into(),
        )),
        Action::Reset,
    ];
    let mut checked = 0;
    for a in actions {
        let before: Vec<String> = views()
            .iter()
            .map(|(_, p, mask)| html_of(*p, &lab, *mask))
            .collect();
        let revs = lab.borrow().revs;
        let what = format!("{a:?}");
        lab.borrow_mut().apply(a);
        let changed = lab.borrow().revs.changed_since(&revs);
        for ((name, p, mask), was) in views().iter().zip(before) {
            if lab.borrow().revs.masked(*mask) == revs.masked(*mask) {
                checked += 1;
                let now = html_of(*p, &lab, *mask);
                assert!(
                    now == was,
                    "{name} reads state outside its concerns: {what} changed {:?} and it shows something new",
                    changed.names()
                );
            }
        }
    }
    assert!(checked > 100, "only {checked} panel redraws were left out");
}
