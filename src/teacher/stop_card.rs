//! One stop as the learners saw it, on the teacher's page: its setting and question, the
//! choices as shown (the right one hidden while projecting, until shown), how the class
//! answered each, with the learners behind it, and a link that opens the lab at the stop.
use retry_lab_text::Tables;
use std::rc::Rc;

use yew::prelude::*;

use super::namer;
use super::parts::*;
use retry_lab_core::lang::fill;
use retry_lab_text::teacher_keys::{plural, texts};

#[derive(Properties)]
pub struct CardProps {
    pub model: ModelRef,
    pub stop: u16,
    /// Its number on the page (1 the first).
    pub number: usize,
    pub labels: Rc<Vec<String>>,
    /// The learners behind each choice, by choice index.
    pub behind: Rc<Vec<Vec<u32>>>,
    pub time: Option<retry_lab_report::StopTime>,
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
