//! The report as the teacher reads it: the class in one line; first, what to do in the next
//! class (the hardest stops, the beliefs held with how many answers and learners and who, who
//! needs help, by first-try score, unfinished paths with where they stopped); then each stop as
//! the learners saw it (its setting, question and choices, the right one hidden until shown, a
//! bar per count scaled to the class, the learners behind each in a disclosure, a link that
//! opens the lab at it); then each learner's path, a page of learners at a time. Names are
//! shown or replaced by «Estudiante N» (anonymised), everywhere at once, the CSV export too.
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::texts::{plural, texts};
use super::{namer, Model, Msg, Teacher};
use crate::lab::path::Stop;
use crate::lang::{fill, Lang};
use crate::report::output::{self, CsvWords, Naming};
use crate::report::{Names, Report};

/// The model as a prop, equal while its key is (the handle itself always reads the newest
/// state): by default the revision every change bumps; a view that needs fewer redraws is
/// given another key.
#[derive(Clone)]
pub struct ModelRef(pub Teacher, u32);

impl ModelRef {
    pub fn new(model: &Teacher) -> ModelRef {
        ModelRef(model.clone(), model.model().rev)
    }
    pub fn keyed(model: &Teacher, key: u32) -> ModelRef {
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
pub fn export_handler(model: &Teacher) -> Callback<MouseEvent> {
    let teacher = model.clone();
    Callback::from(move |_| {
        let m = teacher.model();
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

/// A count with its noun, the language's way (grouped digits, singular for 1).
fn counted(p: super::texts::Plural, n: u64, lang: Lang) -> String {
    plural(p, n, &grouped(n, lang))
}

pub fn grouped(n: u64, lang: Lang) -> String {
    crate::num::grouped(n, if lang == Lang::Es { "\u{a0}" } else { "," })
}

/// «42 s», «3 min 5 s», «1 h 20 min».
pub fn duration(ms: i64) -> String {
    let s = (ms.max(0) + 500) / 1000;
    match s {
        0..=59 => format!("{s}\u{a0}s"),
        60..=3599 if s % 60 == 0 => format!("{}\u{a0}min", s / 60),
        60..=3599 => format!("{}\u{a0}min {}\u{a0}s", s / 60, s % 60),
        _ => format!("{}\u{a0}h {}\u{a0}min", s / 3600, (s / 60) % 60),
    }
}

/// A moment in the teacher's own time zone and language («3/12/26, 10:02»).
fn moment(ms: i64, lang: Lang) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let o = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&o, &"dateStyle".into(), &"short".into());
    let _ = js_sys::Reflect::set(&o, &"timeStyle".into(), &"short".into());
    String::from(d.to_locale_string(lang.code(), &o))
}

/// The lab's own stop, by its id in the statements.
fn lab_stop(id: &str) -> Option<Stop> {
    Stop::from_name(id)
}

/// Where the lab opens at `stop` (beside this page), in `lang`.
fn lab_link(stop: &str, lang: Lang) -> String {
    format!("index.html?stop={stop}&lang={}", lang.code())
}

/// Most beliefs, learners in need and hardest stops shown before their «N más».
const FIRST_BELIEFS: usize = 6;
const FIRST_NEED: usize = 8;
const FIRST_HARDEST: usize = 5;
/// Most names a belief lists before «y N más».
const BELIEF_WHO: usize = 4;

#[derive(Properties)]
pub struct CardProps {
    pub model: ModelRef,
    pub stop: u16,
    /// Its number on the page (1 the first).
    pub number: usize,
    pub labels: Rc<Vec<String>>,
    /// The learners behind each choice, by choice index.
    pub behind: Rc<Vec<Vec<u32>>>,
    pub time: Option<crate::report::StopTime>,
}

impl PartialEq for CardProps {
    fn eq(&self, other: &Self) -> bool {
        self.model == other.model
            && self.stop == other.stop
            && Rc::ptr_eq(&self.labels, &other.labels)
            && Rc::ptr_eq(&self.behind, &other.behind)
    }
}

/// One stop as the learners saw it: its setting and question, the choices as shown (the right
/// one hidden while projecting, until the teacher shows it), how the class answered, and a
/// link that opens the lab at this stop to ask it again.
#[component]
pub fn StopCard(props: &CardProps) -> Html {
    let teacher = &props.model.0;
    let model = teacher.model();
    let projecting = model.projecting;
    let reveal = use_state(|| None::<bool>);
    let shown = reveal.unwrap_or(!projecting);
    let r = model.report.borrow();
    let lang = model.lang;
    let t = texts(lang);
    let s = r.stop(props.stop);
    let lab = lab_stop(s.id);
    let lab_texts = lab.map(|st| lang.t().stop_text(st));
    let question = s.question.get(lang).map(str::to_string).or_else(|| {
        lab_texts
            .map(|x| x.prompt.to_string())
            .filter(|q| !q.is_empty())
    });
    let setting = lab_texts.map(|x| x.todo).filter(|x| !x.is_empty());
    let on_reveal = {
        let reveal = reveal.clone();
        Callback::from(move |_| reveal.set(Some(!shown)))
    };
    let choices = s.choices.iter().map(|c| {
        let who = Rc::new(props.behind[usize::from(c.index)].clone());
        let misconception = namer(s.id, c.id).and_then(|n| n.get(lang).map(str::to_string));
        let right = c.right && shown;
        let width = percent(c.count, s.answered).to_string();
        html! {
            <li class={classes!("t-choice", right.then_some("right"))} data-choice={c.id.to_string()}
                data-count={c.count.to_string()} data-later={c.later.to_string()} data-right={c.right.to_string()}>
                <div class="choice-head">
                    <span class="choice-text">
                        { name(c.text, lang) }
                        if right { <span class="right-tag">{ "✓ " }{ t.right_choice }</span> }
                        if let Some(m) = misconception.filter(|_| shown) { <span class="m-name small">{ m }</span> }
                    </span>
                    <span class="choice-count"><strong>{ c.count }</strong>
                        if c.later > 0 { <span class="small">{ " " }{ plural(t.later, u64::from(c.later), &c.later.to_string()) }</span> }
                    </span>
                </div>
                <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="bar-bg" width="100" height="6" />
                    <rect class="bar-fill" width={width} height="6" />
                </svg>
                if !who.is_empty() {
                    <Who lang={lang} labels={props.labels.clone()} who={who} />
                }
            </li>
        }
    });
    let k = props.number;
    html! {
        <section class="panel stop-card" id={format!("stop-{}", s.id)} data-stop={s.id.to_string()} data-answered={s.answered.to_string()}
            data-first-right={s.first_try_right.to_string()} data-revealed={shown.to_string()}
            data-time-ms={props.time.map(|x| x.median_ms.to_string())} aria-labelledby={format!("t-stop-{k}")}>
            <h3 id={format!("t-stop-{k}")}>{ format!("{k}. {}", stop_title(&r, lang, s.index)) }</h3>
            if let Some(text) = setting {
                <p class="setting"><span class="sr-only">{ t.setting }{ ": " }</span>{ text }</p>
            }
            if let Some(q) = question { <p class="question">{ q }</p> }
            <ul class="t-choices">{ for choices }</ul>
            <p class="counts">
                <span>{ fill(t.answered, &[&s.answered.to_string()]) }</span>
                // Beside the choices' counts it would say which is right: hidden with the answer.
                if shown {
                    <span>{ fill(t.first_right, &[&s.first_try_right.to_string(), &percent(s.first_try_right, s.answered).to_string()]) }</span>
                }
                if s.retried > 0 { <span>{ fill(t.retried, &[&s.retried.to_string()]) }</span> }
                if s.unoffered > 0 { <span>{ fill(t.unoffered, &[&s.unoffered.to_string()]) }</span> }
                if let Some(time) = props.time {
                    <span class="stop-time">{ fill(t.stop_time, &[&duration(time.median_ms), &counted(t.learners_n, u64::from(time.learners), lang)]) }</span>
                }
            </p>
            <p class="card-tools">
                <button type="button" class="btn small-btn reveal" aria-pressed={shown.to_string()} onclick={on_reveal}>
                    { if shown { t.hide_answer } else { t.show_answer } }
                </button>
                if lab.is_some() {
                    <a class="btn small-btn lab-link" href={lab_link(s.id, lang)} target="_blank" rel="noopener">{ t.open_in_lab }</a>
                }
            </p>
        </section>
    }
}

/// A link to a stop's card, by its number and title.
fn stop_link(r: &Report, lang: Lang, numbers: &[usize], stop: u16) -> Html {
    let s = r.stop(stop);
    html! {
        <a href={format!("#stop-{}", s.id)}>{ format!("{}. {}", numbers[usize::from(stop)], stop_title(r, lang, stop)) }</a>
    }
}

#[component]
pub fn ReportView(props: &ReportProps) -> Html {
    let teacher = &props.model.0;
    let model = teacher.model();
    let all_beliefs = use_state(|| false);
    let all_need = use_state(|| false);
    let r = model.report.borrow();
    if r.counts().answers == 0 {
        return Html::default();
    }
    let lang = model.lang;
    let t = texts(lang);
    let labels = Rc::new(output::labels(&r, naming(&model)));
    let stops = r.stops();
    let numbers = r.stop_numbers();
    let total = stops.len();
    let summary = [
        counted(t.learners_n, r.learner_count() as u64, lang),
        counted(t.answers_n, r.counts().answers, lang),
        counted(t.stops_n, total as u64, lang),
    ]
    .join(" · ");

    // The hardest stops.
    let hardest = r.hardest();
    let hardest_more = hardest.len().saturating_sub(FIRST_HARDEST);
    let hardest = html! {
        <section class="panel tomorrow-block teacher-hardest" aria-labelledby="t-hard-h">
            <h3 id="t-hard-h">{ t.hardest_heading }</h3>
            <p class="hint">{ t.hardest_intro }</p>
            <ol class="hardest">
                { for hardest.iter().take(FIRST_HARDEST).map(|s| html! {
                    <li class="hard" data-stop={s.id.to_string()} data-answered={s.answered.to_string()} data-first-right={s.first_try_right.to_string()}>
                        { stop_link(&r, lang, &numbers, s.index) }
                        <span class="small share">{ fill(t.hardest_share, &[&s.first_try_right.to_string(), &s.answered.to_string(), &percent(s.first_try_right, s.answered).to_string()]) }</span>
                        <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                            <rect class="bar-bg" width="100" height="6" />
                            <rect class="bar-fill ok" width={percent(s.first_try_right, s.answered).to_string()} height="6" />
                        </svg>
                    </li>
                }) }
            </ol>
            if hardest_more > 0 {
                <p class="small"><a href="#t-stops-h" id="t-hard-more">{ counted(t.hardest_more, hardest_more as u64, lang) }</a></p>
            }
        </section>
    };

    // The beliefs held.
    let misconceptions = r.misconceptions(&namer);
    let shown_beliefs = if *all_beliefs {
        misconceptions.len()
    } else {
        FIRST_BELIEFS
    };
    let more_beliefs = misconceptions.len().saturating_sub(shown_beliefs);
    let on_beliefs = {
        let all = all_beliefs.clone();
        Callback::from(move |_| all.set(true))
    };
    let beliefs = html! {
        <section class="panel tomorrow-block teacher-misconceptions" aria-labelledby="t-mis-h">
            <h3 id="t-mis-h">{ t.misconceptions_heading }</h3>
            <p class="hint">{ t.misconceptions_intro }</p>
            if misconceptions.is_empty() {
                <p class="empty">{ t.no_misconceptions }</p>
            } else {
                <ol class="misconceptions">
                    { for misconceptions.iter().take(shown_beliefs).map(|m| {
                        let mut who: Vec<&str> = m.learners.iter().map(|&i| labels[i as usize].as_str()).collect();
                        who.sort_unstable_by_key(|w| w.to_lowercase());
                        let rest = who.len().saturating_sub(BELIEF_WHO);
                        let mut who_line = who.iter().take(BELIEF_WHO).copied().collect::<Vec<_>>().join(", ");
                        if rest > 0 {
                            who_line.push_str(&format!(" {}", fill(t.who_more, &[&rest.to_string()])));
                        }
                        let mut at = Vec::new();
                        for (k, &(s, _)) in m.at.iter().enumerate() {
                            if k > 0 { at.push(html! { { " · " } }); }
                            at.push(stop_link(&r, lang, &numbers, s));
                        }
                        html! {
                            <li class="misconception" data-choice={m.id.to_string()} data-answers={m.answers.to_string()}
                                data-learners={m.learners.len().to_string()} data-who={who.join("\n")}>
                                <span class="m-name">{ name(&m.name, lang) }</span>
                                <span class="count">
                                    { counted(t.answers_n, u64::from(m.answers), lang) }{ " · " }
                                    <strong>{ counted(t.learners_n, m.learners.len() as u64, lang) }</strong>
                                </span>
                                <span class="small who-line">{ who_line }</span>
                                <span class="small at">{ fill(t.at_stops, &[""]) }{ for at }</span>
                            </li>
                        }
                    }) }
                </ol>
                if more_beliefs > 0 {
                    <button type="button" class="btn small-btn" id="t-more-beliefs" onclick={on_beliefs}>
                        { counted(t.more_beliefs, more_beliefs as u64, lang) }
                    </button>
                }
            }
        </section>
    };

    // Who needs help.
    let need = r.need_order();
    let shown_need = if *all_need { need.len() } else { FIRST_NEED };
    let more_need = need.len().saturating_sub(shown_need);
    let on_need = {
        let all = all_need.clone();
        Callback::from(move |_| all.set(true))
    };
    let need_rows = need.iter().take(shown_need).map(|&i| {
        let l = r.learner(i);
        let unfinished = (l.answered() as usize) < total;
        let furthest = l.furthest.map(|s| (numbers[usize::from(s)], stop_title(&r, lang, s)));
        html! {
            <li class={classes!("needy", unfinished.then_some("unfinished"))} data-learner={labels[i as usize].clone()}
                data-right={l.first_right.to_string()} data-answered={l.answered().to_string()}
                data-furthest={furthest.as_ref().map(|f| f.0.to_string())}>
                <span class="learner-name">{ labels[i as usize].clone() }</span>
                <span class="score">{ fill(t.score, &[&l.first_right.to_string(), &total.to_string()]) }</span>
                <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="bar-bg" width="100" height="6" />
                    <rect class="bar-fill ok" width={percent(l.first_right, total as u32).to_string()} height="6" />
                </svg>
                if unfinished {
                    if let Some((k, title)) = furthest {
                        <span class="small unfinished-line">{ fill(t.unfinished, &[&k.to_string(), &total.to_string(), &title]) }</span>
                    }
                }
            </li>
        }
    });
    let need = html! {
        <section class="panel tomorrow-block teacher-need" aria-labelledby="t-need-h">
            <h3 id="t-need-h">{ t.need_heading }</h3>
            <p class="hint">{ t.need_intro }</p>
            <ol class="need">{ for need_rows }</ol>
            if more_need > 0 {
                <button type="button" class="btn small-btn" id="t-more-need" onclick={on_need}>
                    { counted(t.more_need, more_need as u64, lang) }
                </button>
            }
        </section>
    };

    let behind = r.all_learners_behind();
    let times = r.stop_times();
    let cards = stops.iter().enumerate().map(|(k, s)| {
        html! {
            <StopCard key={s.id.to_string()} model={props.model.clone()} stop={s.index} number={k + 1} labels={labels.clone()}
                behind={Rc::new(behind[usize::from(s.index)].clone())} time={times[usize::from(s.index)]} />
        }
    });

    let order = r.learner_order(model.anonymised);
    let shown = model.shown.min(order.len());
    let more = order.len() - shown;
    let on_more = {
        let m = teacher.clone();
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
            let k = numbers[usize::from(st.stop)];
            let said = name(c.text, lang);
            let mark = match (st.right, st.unoffered) {
                (true, _) => t.right_mark,
                (false, true) => t.unoffered_mark,
                (false, false) => t.wrong_mark,
            };
            let (class, sign) = match (st.right, st.unoffered) {
                (true, _) => ("right", " ✓"),
                // Not a belief: the run they changed showed none of the choices.
                (false, true) => ("unoffered", " ≠"),
                (false, false) => ("wrong", " ✗"),
            };
            let tries = (st.tries > 1).then(|| fill(t.tries, &[&st.tries.to_string()]));
            let full = format!("{k}. {}: {said} ({mark}{})", stop_title(&r, lang, st.stop),
                tries.as_ref().map(|x| format!(", {x}")).unwrap_or_default());
            let chip = html! {
                <li class={classes!("step", class)} title={full.clone()}
                    data-stop={s.id.to_string()} data-choice={c.id.to_string()}>
                    <span class="step-n">{ k }</span>{ sign }
                    if !st.right { <span class="step-said">{ " " }{ said }</span> }
                    if st.tries > 1 { <span class="step-tries">{ format!(" ×{}", st.tries) }</span> }
                </li>
            };
            spoken.push(full);
            chip
        }).collect();
        let when = match (l.first_at, l.last_at) {
            (Some(a), Some(b)) => Some(fill(t.when, &[&moment(a, lang), &moment(b, lang)])),
            _ => None,
        };
        html! {
            <li class="learner" data-learner={labels[i as usize].clone()}
                data-first-at={l.first_at.map(crate::report::time::format_ms)} data-last-at={l.last_at.map(crate::report::time::format_ms)}>
                <span class="learner-head">
                    <span class="learner-name">{ labels[i as usize].clone() }</span>
                    if let Some(w) = when { <span class="small when">{ w }</span> }
                </span>
                <span class="sr-only">{ spoken.join("; ") }</span>
                <ol class="learner-path" aria-hidden="true">{ for steps }</ol>
            </li>
        }
    });

    html! {
        <div class="teacher-report">
            <p class="teacher-summary" id="t-summary">{ summary }</p>
            <section class="teacher-tomorrow" id="t-tomorrow" aria-labelledby="t-tomorrow-h">
                <h2 id="t-tomorrow-h" class="sr-only">{ t.tomorrow_heading }</h2>
                <div class="tomorrow-grid">{ hardest }{ beliefs }{ need }</div>
            </section>
            <section class="teacher-stops" aria-labelledby="t-stops-h">
                <h2 id="t-stops-h">{ t.stops_heading }</h2>
                <div class="stop-grid">{ for cards }</div>
            </section>
            <section class="panel teacher-learners" aria-labelledby="t-learners-h">
                <h2 id="t-learners-h">{ t.learners_heading }</h2>
                <p class="hint">{ t.learners_intro }</p>
                <ul class="learners">{ for learners }</ul>
                if more > 0 {
                    <button type="button" class="btn" id="t-more" onclick={on_more}>
                        { counted(t.show_more, more.min(super::PAGE) as u64, lang) }
                    </button>
                }
            </section>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ReportProps {
    pub model: ModelRef,
}
