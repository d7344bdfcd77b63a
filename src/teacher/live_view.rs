//! What the teacher sees live: how the polling goes (or what went wrong, in one sentence), one
//! stop with its first answers filling in (the one most learners are on unless picked; the
//! right answer hidden until revealed; «Congelar» keeps its picture while answers go on being
//! counted behind it), and where each learner is, for how long, with who is stuck longest.
//! Names are the report's labels: numbers while anonymised, as when projecting.
use yew::prelude::*;

use super::parts::*;
use super::Msg;
use retry_lab_core::lang::{fill, Lang};
use retry_lab_report::output;
use retry_lab_text::teacher_keys::{plural, texts, Problem};

/// «10:32:05», in the teacher's time zone.
fn clock(ms: f64, lang: Lang) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(d.to_locale_time_string(lang.code()))
}

fn problem_line(p: &Problem, lang: Lang, source: &str) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    texts(lang).problem(p, source, &origin)
}

#[component]
pub fn LiveView(props: &super::view::ReportProps) -> Html {
    let teacher = &props.model.0;
    let model = teacher.model();
    let Some(live) = model.live.clone() else {
        return Html::default();
    };
    let lang = model.lang;
    let t = texts(lang);
    let r = model.report.borrow();
    let now_ms = js_sys::Date::now();
    let now = r.now(now_ms as i64);
    let numbers = r.stop_numbers();

    let (state, status) = match (&live.problem, live.ended, live.last_ok) {
        (Some(p), true, _) => {
            let code = match p {
                Problem::WrongKey => "401",
                _ => "403",
            };
            ("ended", fill(t.live_denied, &[code]))
        }
        (Some(p), false, last) => (
            "down",
            fill(
                t.live_down,
                &[
                    &clock(last.unwrap_or(live.started), lang),
                    &problem_line(p, lang, &model.source),
                ],
            ),
        ),
        (None, _, Some(at)) => (
            "ok",
            fill(
                t.live_on,
                &[
                    &counted(t.learners_n, r.learner_count() as u64, lang),
                    &clock(at, lang),
                ],
            ),
        ),
        (None, _, None) => ("waiting", t.live_waiting.to_string()),
    };

    // The stop on screen: the one picked, else (frozen) the frozen one, else the busiest.
    let shown = live
        .frozen
        .as_ref()
        .map(|f| f.stop)
        .or(live.picked)
        .or(now.busiest)
        .filter(|&s| usize::from(s) < r.stop_count());
    let stops = r.stops();
    let on_pick = {
        let m = teacher.clone();
        Callback::from(move |e: Event| {
            let v = super::super::select_value(&e);
            m.dispatch(Msg::LivePick(v.parse::<u16>().ok()));
        })
    };
    let on_reveal = {
        let (m, on) = (teacher.clone(), live.revealed);
        Callback::from(move |_: MouseEvent| m.dispatch(Msg::LiveReveal(!on)))
    };
    let on_freeze = {
        let (m, frozen) = (teacher.clone(), live.frozen.is_some());
        Callback::from(move |_: MouseEvent| {
            m.dispatch(Msg::Freeze(if frozen { None } else { shown }))
        })
    };
    let busiest_name = now
        .busiest
        .map(|b| format!("{}. {}", numbers[usize::from(b)], stop_title(&r, lang, b)))
        .unwrap_or_default();
    let stop_block = shown.map(|i| {
        let s = r.stop(i);
        let (answered, counts): (u32, Vec<u32>) = match &live.frozen {
            Some(f) => (f.answered, f.counts.clone()),
            None => (s.answered, s.choices.iter().map(|c| c.count).collect()),
        };
        let new = live
            .frozen
            .as_ref()
            .map(|f| s.answered.saturating_sub(f.answered));
        let choices = s.choices.iter().map(|c| {
            let count = counts.get(usize::from(c.index)).copied().unwrap_or(0);
            let right = c.right && live.revealed;
            html! {
                <li class={classes!("live-choice", right.then_some("right"))} data-choice={c.id.to_string()}
                    data-count={count.to_string()} data-right={right.then_some("true")}>
                    <span class="choice-text">{ name(c.text, lang) }
                        if right { <span class="right-tag">{ " ✓ " }{ t.right_choice }</span> }
                    </span>
                    <strong class="choice-count">{ count }</strong>
                    <svg class="bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
                        <rect class="bar-bg" width="100" height="8" />
                        <rect class="bar-fill" width={percent(count, answered).to_string()} height="8" />
                    </svg>
                </li>
            }
        });
        html! {
            <section class="live-stop" id="t-live-stop" data-stop={s.id.to_string()} data-answered={answered.to_string()}
                data-frozen={live.frozen.is_some().then_some("true")}>
                <h3>{ format!("{}. {}", numbers[usize::from(i)], stop_title(&r, lang, i)) }</h3>
                if let Some(q) = s.question.get(lang) { <p class="question">{ q }</p> }
                <ol class="live-choices">{ for choices }</ol>
                <p class="small" id="t-live-count">{ counted(t.first_answers, u64::from(answered), lang) }</p>
                if let Some(n) = new {
                    <p class="notice" id="t-live-new" data-new={n.to_string()}>{ plural(t.new_since_freeze, u64::from(n), &n.to_string()) }</p>
                }
            </section>
        }
    });

    // Where each learner is: the furthest behind first, then the longest silent.
    let labels = output::labels(&r, naming(&model));
    let order: Vec<(usize, usize)> = {
        let mut o = vec![(0, 0); r.stop_count()];
        for (k, s) in stops.iter().enumerate() {
            o[usize::from(s.index)] = (k, 0);
        }
        o
    };
    let mut positions = now.positions.clone();
    positions.sort_by_key(|p| (order[usize::from(p.stop)], p.since, p.learner));
    let rows = positions.iter().map(|p| {
        let longest = now.stuck_longest == Some(p.learner);
        let here = fill(
            t.live_here,
            &[&numbers[usize::from(p.stop)].to_string(), &duration(now_ms as i64 - p.since)],
        );
        html! {
            <li class={classes!("live-learner", p.stuck.then_some("stuck"), longest.then_some("longest"))}
                data-learner={labels[p.learner as usize].clone()} data-stop={r.stop(p.stop).id.to_string()}>
                <span class="learner-name">{ labels[p.learner as usize].clone() }</span>
                <span class="small">{ here }</span>
                if longest {
                    <span class="stuck-mark" title={t.stuck_longest}>{ "⚑ " }{ t.stuck_longest }</span>
                } else if p.stuck {
                    <span class="stuck-mark">{ t.stuck }</span>
                }
            </li>
        }
    });
    html! {
        <section class="panel teacher-live" id="t-live-view" data-state={state} data-polls={live.polls.to_string()}
            aria-labelledby="t-live-h">
            <h2 id="t-live-h" class="sr-only">{ t.live }</h2>
            <p id="t-live-status" class={classes!((state != "ok" && state != "waiting").then_some("notice"))} role="status">{ status }</p>
            <div class="live-tools">
                <label class="field">{ t.live_pick }
                    <select id="t-live-pick" onchange={on_pick} disabled={live.frozen.is_some()}>
                        <option value="" selected={live.picked.is_none()}>{ fill(t.live_busiest, &[&busiest_name]) }</option>
                        { for stops.iter().map(|s| html! {
                            <option value={s.index.to_string()} selected={live.picked == Some(s.index)}>
                                { format!("{}. {}", numbers[usize::from(s.index)], stop_title(&r, lang, s.index)) }
                            </option>
                        }) }
                    </select>
                </label>
                <button type="button" class="btn" id="t-live-reveal" aria-pressed={live.revealed.to_string()} onclick={on_reveal}>
                    { if live.revealed { t.hide_answer } else { t.show_answer } }
                </button>
                <button type="button" class="btn" id="t-live-freeze" aria-pressed={live.frozen.is_some().to_string()} onclick={on_freeze}>
                    { if live.frozen.is_some() { t.unfreeze } else { t.freeze } }
                </button>
            </div>
            <div class="live-grid">
                { for stop_block }
                <section class="live-class" aria-labelledby="t-live-class-h">
                    <h3 id="t-live-class-h">{ t.live_class_heading }</h3>
                    <ol class="live-learners" id="t-live-class">{ for rows }</ol>
                </section>
            </div>
        </section>
    }
}
