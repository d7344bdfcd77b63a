//! The consumer workbench's view: blocks to arrange, the prediction, the verdict and the
//! shortest failing run as a sequence diagram. A thin layer over `lab::workbench`; built into
//! its own module (`src/bin/workbench.rs`), so the lab's first load does not carry it.
use std::rc::Rc;

use yew::prelude::*;

use super::host::HostLink;
use super::text::{fill, Lang, WbTexts};
use crate::embed::protocol::{MountOptions, Outgoing, Resize};
use crate::embed::value::Value;
use crate::embed::xapi::{self, Interaction, Names, Object, Session, Verb};
use crate::lab::workbench::{Guess, Milestone, Outbox, WbAction, Workbench};
use crate::sim::outcome::Instance;
use crate::sim::workbench::{Effect, Move, Step, MAX_STEPS, PRESETS};

/// What a host (or the lab that opens it) gives the workbench.
#[derive(Properties, PartialEq, Clone)]
pub struct WbProps {
    pub lang: Lang,
    /// The link's fragment or query, read for `steps=` and `effect=`.
    pub link: String,
    /// Where progress goes (the host's origin); None sends nothing.
    pub origin: Option<String>,
    /// The share link's address without its fragment.
    pub base: String,
    /// The xAPI activity IRI of the workbench; no statements without it (nor without `origin`).
    #[prop_or_default]
    pub xapi: Option<String>,
}

/// A text in both languages, from how one language's workbench table words it.
fn in_both(f: &dyn Fn(&'static WbTexts) -> String) -> Names {
    Names::of(|l| f(l.wb()))
}

/// The xAPI session of one visit to the workbench.
pub fn session(activity: String, registration: uuid::Uuid) -> Session {
    Session {
        activity,
        registration,
        name: in_both(&|t| t.title.into()),
        description: in_both(&|t| t.intro.into()),
        class: None,
    }
}

/// The statements one action gives the host: `answered` for a verdict predicted (a choice
/// interaction over the four guesses; the right one is the guess when it was right, else what
/// the checker found first), `progressed` for each milestone (with the share reached).
pub fn statements(s: &Session, wb: &Workbench, timestamp: &str) -> Vec<Value> {
    let Outbox {
        milestones,
        answered,
    } = &wb.out;
    let mut out = Vec::new();
    if let (Some((guess, right)), Some(c)) = (answered, &wb.checked) {
        let correct = if *right {
            *guess
        } else {
            let first = c.report.failures.first().copied();
            Guess::ALL
                .iter()
                .copied()
                .find(|g| g.failure() == first)
                .unwrap_or(Guess::Safe)
        };
        let interaction = Interaction {
            prompt: in_both(&|t| t.predict.into()),
            choices: Guess::ALL
                .iter()
                .map(|&g| (g.as_str(), in_both(&|t| t.guesses[g as usize].into())))
                .collect(),
            correct: correct.as_str(),
            response: guess.as_str(),
            attempt: wb.tries,
        };
        let name = in_both(&|t| t.title.into());
        let object = Object {
            part: Some("predict"),
            name: &name,
        };
        out.push(xapi::statement(
            s,
            &Verb::Answered(interaction),
            object,
            wb.lang,
            timestamp,
        ));
    }
    for m in milestones {
        let percent = (wb.reached.len() * 100 / Milestone::COUNT) as u32;
        let name = in_both(&|t| t.milestones[*m as usize].into());
        let object = Object {
            part: Some(m.as_str()),
            name: &name,
        };
        out.push(xapi::statement(
            s,
            &Verb::Progressed { percent },
            object,
            wb.lang,
            timestamp,
        ));
    }
    out
}

/// The workbench state as Yew's reducer; `seq` counts actions, so the effect that tells the
/// host runs once per action.
#[derive(Clone, PartialEq)]
struct Model {
    wb: Workbench,
    seq: u64,
}

impl Reducible for Model {
    type Action = WbAction;
    fn reduce(self: Rc<Self>, a: WbAction) -> Rc<Self> {
        let mut m = (*self).clone();
        m.wb.apply(a);
        m.seq += 1;
        Rc::new(m)
    }
}

#[component]
pub fn WorkbenchApp(props: &WbProps) -> Html {
    let model = {
        let (lang, link) = (props.lang, props.link.clone());
        use_reducer(move || Model {
            wb: Workbench::new(
                lang,
                crate::embed::link::workbench_program(&link)
                    .unwrap_or_else(|| Ok(crate::lab::workbench::naive())),
            ),
            seq: 0,
        })
    };
    let dragged = use_state(|| None::<usize>);
    let xapi = use_memo((), {
        let activity = props.xapi.clone();
        move |_| activity.map(|a| session(a, super::host::registration()))
    });
    // The lab's own way to the host: only to `origin`, in the protocol's messages.
    let host = use_memo((), {
        let origin = props.origin.clone();
        move |_| HostLink::new(origin, Resize::None, None, None)
    });
    {
        let (m, xapi, host) = (model.clone(), xapi.clone(), host.clone());
        use_effect_with(model.seq, move |_| {
            for ms in &m.wb.out.milestones {
                host.post(&Outgoing::Checkpoint { id: ms.as_str() });
            }
            if let Some(s) = xapi.as_ref() {
                let now = String::from(js_sys::Date::new_0().to_iso_string());
                for statement in statements(s, &m.wb, &now) {
                    host.post(&Outgoing::Xapi { statement });
                }
            }
            if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
                if let Some(root) = doc.document_element() {
                    if doc.get_element_by_id("lab").is_none() {
                        let _ = root.set_attribute("lang", m.wb.lang.code());
                    }
                }
            }
        });
    }
    let wb = &model.wb;
    let t = wb.lang.wb();
    let d = |a: WbAction| {
        let m = model.clone();
        Callback::from(move |_| m.dispatch(a.clone()))
    };
    let effect = wb.program.effect;
    let n = wb.program.steps.len();

    let on_lang = {
        let m = model.clone();
        Callback::from(move |e: Event| {
            if let Some(l) = Lang::from_code(&super::select_value(&e)) {
                m.dispatch(WbAction::SetLang(l));
            }
        })
    };
    let on_effect = {
        let m = model.clone();
        Callback::from(move |e: Event| {
            if let Some(x) = Effect::from_name(&super::select_value(&e)) {
                m.dispatch(WbAction::SetEffect(x));
            }
        })
    };
    let on_preset = {
        let m = model.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(p) = PRESETS.iter().find(|p| p.id == sel.value()) {
                m.dispatch(WbAction::Preset(p.id));
            }
            sel.set_value("");
        })
    };

    let palette = html! {
        <section class="panel wb-palette" aria-labelledby="wb-palette-h">
            <h2 id="wb-palette-h">{ t.palette }</h2>
            <ul class="wb-blocks">
                { for Step::ALL.iter().map(|&s| html! {
                    <li>
                        <button class={classes!("btn", "wb-add", format!("wb-{}", s.as_str()))} disabled={n >= MAX_STEPS}
                            aria-label={fill(t.add, &[t.step(s, effect)])} onclick={d(WbAction::Add(s))}>
                            <span aria-hidden="true">{ "+ " }</span>{ t.step(s, effect) }
                        </button>
                        <small>{ t.step_rules[s as usize] }</small>
                    </li>
                }) }
            </ul>
        </section>
    };

    let block = |i: usize, s: Step| {
        let on_drag_start = {
            let dragged = dragged.clone();
            Callback::from(move |_: DragEvent| dragged.set(Some(i)))
        };
        let on_drop = {
            let (dragged, m) = (dragged.clone(), model.clone());
            Callback::from(move |e: DragEvent| {
                e.prevent_default();
                if let Some(from) = *dragged {
                    m.dispatch(WbAction::Move { from, to: i });
                }
                dragged.set(None);
            })
        };
        let name = t.step(s, effect);
        html! {
            <li class={classes!("wb-block", format!("wb-{}", s.as_str()))} draggable="true"
                ondragstart={on_drag_start} ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}>
                <span class="wb-num" aria-hidden="true">{ i + 1 }</span>
                <span class="wb-name">{ name }</span>
                <span class="wb-tools">
                    <button class="btn small" disabled={i == 0} aria-label={format!("{} «{}» ({})", t.up, name, i + 1)}
                        onclick={d(WbAction::Move { from: i, to: i.saturating_sub(1) })}>{ "↑" }</button>
                    <button class="btn small" disabled={i + 1 >= n} aria-label={format!("{} «{}» ({})", t.down, name, i + 1)}
                        onclick={d(WbAction::Move { from: i, to: i + 1 })}>{ "↓" }</button>
                    <button class="btn small danger" aria-label={format!("{} «{}» ({})", t.remove, name, i + 1)}
                        onclick={d(WbAction::Remove(i))}>{ "✕" }</button>
                </span>
            </li>
        }
    };

    let program = html! {
        <section class="panel wb-program" aria-labelledby="wb-program-h">
            <h2 id="wb-program-h">{ t.program }</h2>
            <div class="row">
                <label class="field grow">{ t.effect }
                    <select id="wb-effect" onchange={on_effect}>
                        { for Effect::ALL.iter().map(|&e| html! {
                            <option value={e.as_str()} selected={e == effect}>{ t.effects[e as usize] }</option>
                        }) }
                    </select>
                </label>
                <label class="field grow">{ t.presets }
                    <select id="wb-preset" onchange={on_preset}>
                        <option value="" selected=true>{ t.preset_placeholder }</option>
                        { for PRESETS.iter().enumerate().map(|(i, p)| html! {
                            <option value={p.id}>{ t.preset_names[i] }</option>
                        }) }
                    </select>
                </label>
            </div>
            <p class="small" aria-live="polite">{ fill(t.count, &[&n.to_string(), &MAX_STEPS.to_string()]) }
                { if n >= MAX_STEPS { html! { <>{ " " }{ t.full }</> } } else { html! {} } }</p>
            if n == 0 {
                <p class="hint">{ t.empty }</p>
            } else {
                <ol class="wb-list" id="wb-list">{ for wb.program.steps.iter().enumerate().map(|(i, &s)| block(i, s)) }</ol>
                <p class="hint">{ t.drag_hint }</p>
                <button class="btn small" onclick={d(WbAction::Clear)}>{ t.clear }</button>
            }
            if effect == Effect::Set {
                <p class="note">{ t.set_note }</p>
            }
        </section>
    };

    let predict = html! {
        <section class="panel wb-verify" aria-labelledby="wb-predict-h">
            <fieldset class="wb-guesses">
                <legend id="wb-predict-h">{ t.predict }</legend>
                { for Guess::ALL.iter().map(|&g| {
                    let id = format!("wb-guess-{}", g.as_str());
                    html! {
                        <label class="field check" for={id.clone()}>
                            <input type="radio" name="wb-guess" id={id} checked={wb.guess == Some(g)}
                                onchange={{ let m = model.clone(); Callback::from(move |_: Event| m.dispatch(WbAction::Predict(g))) }} />
                            { t.guesses[g as usize] }
                        </label>
                    }
                }) }
            </fieldset>
            <div class="row">
                <button id="wb-check" class="btn primary" disabled={wb.guess.is_none() || n == 0}
                    onclick={d(WbAction::Check)}>{ t.check }</button>
                if wb.guess.is_none() { <span class="hint">{ t.predict_first }</span> }
            </div>
            <div id="wb-verdict" aria-live="polite">{ verdict(wb, t, &model) }</div>
        </section>
    };

    let share = format!("{}#{}", props.base, wb.fragment());
    html! {
        <div class="lab workbench">
            <header class="lab-header">
                <div>
                    <h1>{ t.title }</h1>
                    <p class="subtitle">{ t.intro }</p>
                </div>
                <label class="field">{ t.language }
                    <select id="wb-lang" onchange={on_lang}>
                        <option value="es" selected={wb.lang == Lang::Es}>{ "Español" }</option>
                        <option value="en" selected={wb.lang == Lang::En}>{ "English" }</option>
                    </select>
                </label>
            </header>
            if let Some(p) = &wb.notice {
                <div class="notice" role="alert">
                    <p>{ fill(t.bad_link, &[&t.problem(p)]) }</p>
                    <button class="btn small" onclick={d(WbAction::DismissNotice)}>{ t.dismiss }</button>
                </div>
            }
            <div class="wb-body">
                { palette }
                { program }
                { predict }
            </div>
            <p class="small"><a id="wb-share" href={share.clone()}>{ t.share }</a></p>
        </div>
    }
}

/// The verdict: right or wrong, safe or every failure, and the shown failure's run.
fn verdict(wb: &Workbench, t: &'static WbTexts, model: &UseReducerHandle<Model>) -> Html {
    let Some(c) = &wb.checked else {
        return html! {};
    };
    let right = c.guess.right(&c.report);
    let states = c.report.states.to_string();
    let d = |a: WbAction| {
        let m = model.clone();
        Callback::from(move |_| m.dispatch(a.clone()))
    };
    let feedback = if right {
        html! { <p class="verdict ok">{ t.right }</p> }
    } else {
        html! { <p class="verdict bad">{ t.wrong }{ " " }{ t.missed(c.guess, c.program.effect) }</p> }
    };
    let email = c.program.effect == Effect::Email;
    html! {
        <>
            { feedback }
            if c.report.safe() {
                <p class="wb-result safe">{ fill(t.safe, &[&states]) }</p>
            } else {
                <p class="wb-result broken">{ fill(t.broken, &[&states]) }</p>
                <ul class="wb-failures">
                    { for c.report.failures.iter().enumerate().map(|(i, f)| html! {
                        <li>
                            <button class="btn small" aria-pressed={(i == wb.failure).to_string()}
                                onclick={d(WbAction::ShowFailure(i))}>{ t.failures[*f as usize] }</button>
                            { ": " }{ t.failure_meanings[*f as usize] }
                        </li>
                    }) }
                </ul>
                { run_view(wb, t, model) }
                if let Some(h) = wb.hint().filter(|_| !email) {
                    <p class="note wb-hint"><b>{ t.hint }{ ": " }</b>{ t.hints[h as usize] }</p>
                }
            }
            if email {
                <p class="note wb-email">{ t.email_note }</p>
            }
        </>
    }
}

/// The shown failure's shortest run: three lanes, a row per move, stepped with buttons.
fn run_view(wb: &Workbench, t: &'static WbTexts, model: &UseReducerHandle<Model>) -> Html {
    let (Some(c), Some(run)) = (&wb.checked, wb.run()) else {
        return html! {};
    };
    let f = c.report.failures[wb.failure];
    let effect = c.program.effect;
    let total = run.len();
    let shown = wb.shown.min(total);
    let go = |n: usize| {
        let m = model.clone();
        Callback::from(move |_| m.dispatch(WbAction::ShowMoves(n)))
    };
    let mut before = (0u8, false);
    let rows = run[..shown].iter().map(|m: &Move| {
        let now = (m.applied, m.marked);
        let changed = now != before;
        before = now;
        let lane = if m.instance == Instance::A { "lane-1" } else { "lane-3" };
        let who = if m.instance == Instance::A { "A" } else { "B" };
        let step = m.step.map_or(t.crash, |s| t.step(s, effect));
        let did = t.did[m.result as usize];
        let mark = if m.marked { t.mark_yes } else { t.mark_no };
        html! {
            <li class={classes!("seq-row", lane, m.step.is_none().then_some("wb-crash"))}>
                <span class="seq-op"><b>{ who }</b>{ " " }<span class="wb-step">{ step }</span>{ ": " }{ did }</span>
                <span class={classes!("seq-db", changed.then_some("changed"))}>{ fill(t.db, &[&m.applied.to_string(), mark]) }</span>
            </li>
        }
    });
    html! {
        <div class="wb-run">
            <h3>{ fill(t.run_heading, &[t.failures[f as usize], &total.to_string()]) }</h3>
            <div class="row">
                <button id="wb-prev" class="btn small" disabled={shown <= 1} onclick={go(shown.saturating_sub(1))}>{ t.prev }</button>
                <button id="wb-next" class="btn small" disabled={shown >= total} onclick={go(shown + 1)}>{ t.next }</button>
                <button id="wb-all" class="btn small" disabled={shown >= total} onclick={go(total)}>{ t.all }</button>
                <span id="wb-move-of" class="small" aria-live="polite">{ fill(t.move_of, &[&shown.to_string(), &total.to_string()]) }</span>
            </div>
            <div class="seq">
                <div class="seq-head" aria-hidden="true">{ for t.lanes.iter().map(|l| html! { <span>{ *l }</span> }) }</div>
                <ol class="demo-steps" id="wb-run">{ for rows }</ol>
            </div>
        </div>
    }
}

/// Mounts the workbench into `element` with what its host said.
pub fn mount(element: web_sys::Element, props: WbProps) {
    yew::Renderer::<WorkbenchApp>::with_root_and_props(element, props).render();
}

/// The page's address without its fragment, for the share link.
pub fn page_base() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// Standalone page (`workbench.html`): mounts into `#workbench`, reading `lang`, `origin` and
/// the program from the address.
pub fn start() {
    let Some(win) = web_sys::window() else { return };
    let Some(root) = win
        .document()
        .and_then(|d| d.get_element_by_id("workbench"))
    else {
        return;
    };
    let loc = win.location();
    let query = loc.search().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    root.set_inner_html("");
    // `lang`, `origin` and `xapi` as the lab reads them (checked, decoded); the program's keys
    // are not mount options, so the problems the reader lists are not the workbench's.
    let (options, _) = MountOptions::from_query(&query);
    let link = if hash.len() > 1 { hash } else { query };
    mount(
        root,
        WbProps {
            lang: options.lang.unwrap_or_default(),
            link,
            origin: options.target_origin,
            base: page_base(),
            xapi: options.xapi,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::workbench::Effect;

    fn checked(steps: &str, effect: &str, guess: Guess) -> Workbench {
        let mut wb = Workbench::new(
            Lang::Es,
            crate::sim::workbench::Program::parse(steps, effect),
        );
        wb.apply(WbAction::Predict(guess));
        wb.apply(WbAction::Check);
        wb
    }

    fn field<'a>(v: &'a Value, path: &[&str]) -> &'a Value {
        path.iter().fold(v, |v, k| match v {
            Value::Obj(f) => f
                .iter()
                .find(|(n, _)| n == k)
                .map_or(&Value::Absent, |(_, v)| v),
            _ => &Value::Absent,
        })
    }

    #[test]
    fn a_right_safe_verdict_is_answered_and_progressed() {
        let s = session("https://course.example/wb".into(), uuid::Uuid::nil());
        let wb = checked("begin,insert,apply,commit,ack", "add", Guess::Safe);
        let st = statements(&s, &wb, "2026-12-01T00:00:00Z");
        assert_eq!(st.len(), 2);
        let verb = |v: &Value| field(v, &["verb", "id"]).as_str().unwrap_or("").to_string();
        assert!(verb(&st[0]).ends_with("/answered"));
        assert_eq!(field(&st[0], &["result", "success"]), &Value::Bool(true));
        assert!(verb(&st[1]).ends_with("/progressed"));
        assert_eq!(
            field(&st[1], &["object", "id"]).as_str(),
            Some("https://course.example/wb/workbench_balance_safe")
        );
    }

    #[test]
    fn a_wrong_guess_is_answered_with_what_the_checker_found() {
        let s = session("urn:x".into(), uuid::Uuid::nil());
        let wb = checked("apply,ack", "add", Guess::Safe);
        let st = statements(&s, &wb, "t");
        assert_eq!(st.len(), 1);
        assert_eq!(field(&st[0], &["result", "success"]), &Value::Bool(false));
        let pattern = field(&st[0], &["object", "definition", "correctResponsesPattern"]);
        let double = Guess::DoubleEffect.as_str().to_string();
        assert_eq!(pattern, &Value::List(vec![Value::Str(double)]));
        assert_eq!(
            field(&st[0], &["result", "response"]).as_str(),
            Some(Guess::Safe.as_str())
        );
        // Edits and a check without a prediction say nothing.
        let mut wb = wb;
        wb.apply(WbAction::SetEffect(Effect::Set));
        assert!(statements(&s, &wb, "t").is_empty());
    }
}
