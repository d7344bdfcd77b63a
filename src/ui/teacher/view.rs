//! The report as the teacher reads it: the class in one line, its most common misconceptions,
//! each stop with its choices (the right one marked, a bar per count, the learners behind each
//! in a disclosure), and each learner's path, a page of learners at a time. Names are shown or
//! replaced by «Estudiante N» (anonymised), everywhere at once, the CSV export included.
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::texts::texts;
use super::{namer, Model, Msg};
use crate::lang::{fill, Lang};
use crate::report::output::{self, CsvWords, Naming};
use crate::report::{Names, Report};

/// The model as a prop, equal while its key is (the handle itself always reads the newest
/// state): by default the revision every change bumps; a view that needs fewer redraws is
/// given another key.
#[derive(Clone)]
pub struct ModelRef(pub UseReducerHandle<Model>, u32);

impl ModelRef {
    pub fn new(model: &UseReducerHandle<Model>) -> ModelRef {
        ModelRef(model.clone(), model.rev)
    }
    pub fn keyed(model: &UseReducerHandle<Model>, key: u32) -> ModelRef {
        ModelRef(model.clone(), key)
    }
}

impl PartialEq for ModelRef {
    fn eq(&self, other: &Self) -> bool {
        self.1 == other.1
    }
}

/// The counter of reads as a prop.
#[derive(Clone)]
pub struct Gen(pub Rc<Cell<u32>>);

impl PartialEq for Gen {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

fn naming(model: &Model) -> Naming<'static> {
    if model.anonymised {
        Naming::Anonymous {
            template: texts(model.lang).anonymous,
        }
    } else {
        Naming::Names
    }
}

/// The CSV export of what is on screen (names or numbers, the page's language).
pub fn export_handler(model: &UseReducerHandle<Model>) -> Callback<MouseEvent> {
    let m = model.clone();
    Callback::from(move |_| {
        let t = texts(m.lang);
        let words = CsvWords {
            header: t.csv_header,
            yes: t.yes,
            no: t.no,
        };
        let text = output::csv(&m.report.borrow(), &namer, naming(&m), m.lang, &words);
        // A byte order mark, so spreadsheets read the accents as UTF-8.
        let _ = crate::ui::export::download(
            t.csv_name,
            "text/csv;charset=utf-8",
            &format!("\u{feff}{text}"),
        );
    })
}

fn name(n: &Names, lang: Lang) -> String {
    n.get(lang).unwrap_or_default().to_string()
}

fn stop_title(r: &Report, lang: Lang, stop: u16) -> String {
    let s = r.stop(stop);
    s.name
        .get(lang)
        .map_or_else(|| fill(texts(lang).new_stop, &[s.id]), str::to_string)
}

fn percent(part: u32, of: u32) -> u32 {
    (u64::from(part) * 100)
        .checked_div(u64::from(of))
        .unwrap_or(0) as u32
}

/// Most names a «who» list shows.
const MAX_WHO: usize = 200;

#[derive(Properties)]
pub struct WhoProps {
    pub lang: Lang,
    /// Every learner's label, by learner index.
    pub labels: Rc<Vec<String>>,
    /// The learners behind the choice.
    pub who: Rc<Vec<u32>>,
}

impl PartialEq for WhoProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
            && Rc::ptr_eq(&self.labels, &other.labels)
            && Rc::ptr_eq(&self.who, &other.who)
    }
}

/// The learners behind a choice, in a disclosure whose names are drawn only while it is open
/// (a class of thousands would otherwise put every name of every choice in the page, and
/// redraw them all at each step of a read), sorted, at most [`MAX_WHO`].
#[component]
pub fn Who(props: &WhoProps) -> Html {
    let open = use_state(|| false);
    let t = texts(props.lang);
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let d: web_sys::HtmlElement = e.target_unchecked_into();
            open.set(d.has_attribute("open"));
        })
    };
    let names = (*open).then(|| {
        let mut names: Vec<&str> = props
            .who
            .iter()
            .map(|&i| props.labels[i as usize].as_str())
            .collect();
        names.sort_unstable_by_key(|w| w.to_lowercase());
        names
    });
    html! {
        <details class="who" ontoggle={on_toggle}>
            <summary>{ fill(t.who, &[&props.who.len().to_string()]) }</summary>
            if let Some(names) = names {
                <ul class="who-list">{ for names.iter().take(MAX_WHO).map(|w| html! { <li>{ *w }</li> }) }</ul>
                if names.len() > MAX_WHO {
                    <p class="small">{ fill(t.who_more, &[&(names.len() - MAX_WHO).to_string()]) }</p>
                }
            }
        </details>
    }
}

#[derive(Properties, PartialEq)]
pub struct ReportProps {
    pub model: ModelRef,
}

#[component]
pub fn ReportView(props: &ReportProps) -> Html {
    let model = &props.model.0;
    let r = model.report.borrow();
    if r.counts().answers == 0 {
        return Html::default();
    }
    let lang = model.lang;
    let t = texts(lang);
    let labels = output::labels(&r, naming(model));
    let stops = r.stops();
    let order_of: std::collections::HashMap<u16, usize> = stops
        .iter()
        .enumerate()
        .map(|(k, s)| (s.index, k + 1))
        .collect();
    let summary = fill(
        t.summary,
        &[
            &r.learner_count().to_string(),
            &r.counts().answers.to_string(),
            &stops.len().to_string(),
        ],
    );

    let misconceptions = r.misconceptions(&namer);
    let misconceptions = html! {
        <section class="panel teacher-misconceptions" aria-labelledby="t-mis-h">
            <h2 id="t-mis-h">{ t.misconceptions_heading }</h2>
            <p class="hint">{ t.misconceptions_intro }</p>
            if misconceptions.is_empty() {
                <p class="empty">{ t.no_misconceptions }</p>
            } else {
                <ol class="misconceptions">
                    { for misconceptions.iter().take(10).map(|m| {
                        let at: Vec<String> = m.at.iter().map(|&(s, _)| stop_title(&r, lang, s)).collect();
                        html! {
                            <li class="misconception" data-choice={m.id.to_string()} data-count={m.count.to_string()}>
                                <strong class="count">{ t.learners(m.count) }</strong>
                                <span class="m-name">{ name(&m.name, lang) }</span>
                                <span class="small">{ fill(t.at_stops, &[&at.join(" · ")]) }</span>
                            </li>
                        }
                    }) }
                </ol>
            }
        </section>
    };

    let behind = r.all_learners_behind();
    let labels = Rc::new(labels);
    let stop_cards = stops.iter().enumerate().map(|(k, s)| {
        let most = s.choices.iter().map(|c| c.count).max().unwrap_or(0).max(1);
        let choices = s.choices.iter().map(|c| {
            let who = Rc::new(behind[usize::from(s.index)][usize::from(c.index)].clone());
            let misconception = namer(s.id, c.id).and_then(|n| n.get(lang).map(str::to_string));
            let width = format!("{}%", percent(c.count, most));
            html! {
                <li class={classes!("t-choice", c.right.then_some("right"))} data-choice={c.id.to_string()}
                    data-count={c.count.to_string()} data-later={c.later.to_string()} data-right={c.right.to_string()}>
                    <div class="choice-head">
                        <span class="choice-text">
                            { name(c.text, lang) }
                            if c.right { <span class="right-tag">{ "✓ " }{ t.right_choice }</span> }
                            if let Some(m) = misconception { <span class="m-name small">{ m }</span> }
                        </span>
                        <span class="choice-count"><strong>{ c.count }</strong>
                            if c.later > 0 { <span class="small">{ " " }{ fill(t.later, &[&c.later.to_string()]) }</span> }
                        </span>
                    </div>
                    <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                        <rect class="bar-bg" width="100" height="6" />
                        <rect class="bar-fill" width={width.trim_end_matches('%').to_string()} height="6" />
                    </svg>
                    if !who.is_empty() {
                        <Who lang={lang} labels={labels.clone()} who={who} />
                    }
                </li>
            }
        });
        html! {
            <section class="panel stop-card" data-stop={s.id.to_string()} data-answered={s.answered.to_string()}
                data-first-right={s.first_try_right.to_string()} aria-labelledby={format!("t-stop-{k}")}>
                <h3 id={format!("t-stop-{k}")}>{ format!("{}. {}", k + 1, stop_title(&r, lang, s.index)) }</h3>
                if let Some(q) = s.question.get(lang) { <p class="question">{ q }</p> }
                <p class="counts">
                    <span>{ fill(t.answered, &[&s.answered.to_string()]) }</span>
                    <span>{ fill(t.first_right, &[&s.first_try_right.to_string(), &percent(s.first_try_right, s.answered).to_string()]) }</span>
                    if s.retried > 0 { <span>{ fill(t.retried, &[&s.retried.to_string()]) }</span> }
                </p>
                <ul class="t-choices">{ for choices }</ul>
            </section>
        }
    });

    let order = r.learner_order(model.anonymised);
    let shown = model.shown.min(order.len());
    let more = order.len() - shown;
    let on_more = {
        let m = model.clone();
        Callback::from(move |_| m.dispatch(Msg::More))
    };
    let learners = order[..shown].iter().map(|&i| {
        let l = r.learner(i);
        // What a screen reader says of the row: one sentence per stop, in one element (the
        // chips are for the eye; a hidden copy in each would cost the page's layout dearly).
        let mut spoken = Vec::with_capacity(l.steps.len());
        let steps: Vec<Html> = l.steps.iter().map(|st| {
            let s = r.stop(st.stop);
            let c = &s.choices[usize::from(st.choice)];
            let k = order_of.get(&st.stop).copied().unwrap_or(0);
            let said = name(c.text, lang);
            let mark = if st.right { t.right_mark } else { t.wrong_mark };
            let tries = (st.tries > 1).then(|| fill(t.tries, &[&st.tries.to_string()]));
            let full = format!("{k}. {}: {said} ({mark}{})", stop_title(&r, lang, st.stop),
                tries.as_ref().map(|x| format!(", {x}")).unwrap_or_default());
            let chip = html! {
                <li class={classes!("step", if st.right { "right" } else { "wrong" })} title={full.clone()}
                    data-stop={s.id.to_string()} data-choice={c.id.to_string()}>
                    <span class="step-n">{ k }</span>{ if st.right { " ✓" } else { " ✗" } }
                    if !st.right { <span class="step-said">{ " " }{ said }</span> }
                    if st.tries > 1 { <span class="step-tries">{ format!(" ×{}", st.tries) }</span> }
                </li>
            };
            spoken.push(full);
            chip
        }).collect();
        html! {
            <li class="learner" data-learner={labels[i as usize].clone()}>
                <span class="learner-name">{ labels[i as usize].clone() }</span>
                <span class="sr-only">{ spoken.join("; ") }</span>
                <ol class="learner-path" aria-hidden="true">{ for steps }</ol>
            </li>
        }
    });

    html! {
        <div class="teacher-report">
            <p class="teacher-summary" id="t-summary">{ summary }</p>
            { misconceptions }
            <section class="teacher-stops" aria-labelledby="t-stops-h">
                <h2 id="t-stops-h">{ t.stops_heading }</h2>
                <div class="stop-grid">{ for stop_cards }</div>
            </section>
            <section class="panel teacher-learners" aria-labelledby="t-learners-h">
                <h2 id="t-learners-h">{ t.learners_heading }</h2>
                <p class="hint">{ t.learners_intro }</p>
                <ul class="learners">{ for learners }</ul>
                if more > 0 {
                    <button type="button" class="btn" id="t-more" onclick={on_more}>
                        { fill(t.show_more, &[&more.min(super::PAGE).to_string()]) }
                    </button>
                }
            </section>
        </div>
    }
}
