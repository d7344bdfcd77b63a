//! The report as the teacher reads it: the class in one line; first, what to do in the next
//! class (the hardest stops, the beliefs held with how many answers and learners and who, who
//! needs help, by first-try score, unfinished paths with where they stopped); then each stop as
//! the learners saw it (its setting, question and choices, the right one hidden until shown, a
//! bar per count scaled to the class, the learners behind each in a disclosure, a link that
//! opens the lab at it); then each learner's path, a page of learners at a time. Names are
//! shown or replaced by «Estudiante N» (anonymised), everywhere at once, the CSV export too.
use std::rc::Rc;

use yew::prelude::*;

use super::parts::*;
use super::stop_card::StopCard;
use super::{namer, Msg};
use retry_lab_core::lang::{fill, Lang};
use retry_lab_report::output;
use retry_lab_report::Report;
use retry_lab_text::teacher_keys::texts;

/// Most beliefs, learners in need and hardest stops shown before their «N más».
const FIRST_BELIEFS: usize = 6;
const FIRST_NEED: usize = 8;
const FIRST_HARDEST: usize = 5;
/// Most names a belief lists before «y N más».
const BELIEF_WHO: usize = 4;

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

    // What to do next, in one line: the stop and the belief most of the class holds.
    let next = r.next_step(&namer).map(|n| {
        let k = numbers[usize::from(n.stop)];
        let of = counted(t.learners_n, r.learner_count() as u64, lang);
        let text = fill(t.next_step, &[&k.to_string(), &stop_title(&r, lang, n.stop), &n.learners.to_string(), &of, &name(&n.name, lang)]);
        html! {
            <p class="teacher-next" id="t-next" data-stop={r.stop(n.stop).id.to_string()} data-learners={n.learners.to_string()}>{ text }</p>
        }
    });

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
                <span class="score">{ fill(t.score, &[&l.first_right.to_string(), &l.answered().to_string()]) }</span>
                <svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="bar-bg" width="100" height="6" />
                    <rect class="bar-fill ok" width={percent(l.first_right, l.answered()).to_string()} height="6" />
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
                data-first-at={l.first_at.map(retry_lab_core::sim::utc::format_utc_ms)} data-last-at={l.last_at.map(retry_lab_core::sim::utc::format_utc_ms)}>
                <span class="learner-head">
                    <span class="learner-name">{ labels[i as usize].clone() }</span>
                    if let Some(w) = when { <span class="small when">{ w }</span> }
                </span>
                <span class="sr-only">{ spoken.join("; ") }</span>
                <ol class="learner-path" aria-hidden="true">{ for steps }</ol>
            </li>
        }
    });

    // A read that stopped before its end says so above its numbers (and so in the printout).
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    let partial = model.partial_note(&origin);
    html! {
        <div class="teacher-report">
            if let Some(note) = partial {
                <p class="notice teacher-partial" id="t-partial">{ note }</p>
            }
            <p class="teacher-summary" id="t-summary">{ summary }</p>
            <section class="teacher-tomorrow" id="t-tomorrow" aria-labelledby="t-tomorrow-h">
                <h2 id="t-tomorrow-h" class="sr-only">{ t.tomorrow_heading }</h2>
                { for next }
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
