//! The small parts of the teacher's report that its views share: the model as a prop, a
//! learner's name or number, a stop's title, shares, times, the «who» lists, links into the
//! lab, and the CSV export.
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::{namer, Model, Teacher};
use retry_lab_core::lab::path::Stop;
use retry_lab_core::lang::{fill, Lang};
use retry_lab_report::output::{self, CsvWords, Naming};
use retry_lab_report::{Names, Report};
use retry_lab_text::teacher_keys::{plural, texts};

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

pub fn naming(model: &Model) -> Naming<'static> {
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
        let origin = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        let text = output::marked(m.partial_note(&origin).as_deref(), text);
        // A byte order mark, so spreadsheets read the accents as UTF-8.
        let _ = crate::export::download(
            t.csv_name,
            "text/csv;charset=utf-8",
            &format!("\u{feff}{text}"),
        );
    })
}

pub fn name(n: &Names, lang: Lang) -> String {
    n.get(lang).unwrap_or_default().to_string()
}

pub fn stop_title(r: &Report, lang: Lang, stop: u16) -> String {
    let s = r.stop(stop);
    s.name
        .get(lang)
        .map_or_else(|| fill(texts(lang).new_stop, &[s.id]), str::to_string)
}

pub fn percent(part: u32, of: u32) -> u32 {
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
pub fn counted(p: retry_lab_text::teacher_keys::Plural, n: u64, lang: Lang) -> String {
    plural(p, n, &grouped(n, lang))
}

pub fn grouped(n: u64, lang: Lang) -> String {
    retry_lab_core::num::grouped(n, if lang == Lang::Es { "\u{a0}" } else { "," })
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
pub fn moment(ms: i64, lang: Lang) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let o = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&o, &"dateStyle".into(), &"short".into());
    let _ = js_sys::Reflect::set(&o, &"timeStyle".into(), &"short".into());
    String::from(d.to_locale_string(lang.code(), &o))
}

/// The lab's own stop, by its id in the statements.
pub fn lab_stop(id: &str) -> Option<Stop> {
    Stop::from_name(id)
}

/// Where the lab opens at `stop` (beside this page), in `lang`.
pub fn lab_link(stop: &str, lang: Lang) -> String {
    format!("index.html?stop={stop}&lang={}", lang.code())
}
