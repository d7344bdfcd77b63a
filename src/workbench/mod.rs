//! The consumer workbench's page: the state behind one reducer (`lab::workbench`), whose
//! effects it carries out (the host told, the focus moved, the newest move brought into view),
//! and the header; the editor, the verdict and the run are drawn by `workbench_editor`,
//! `workbench_verdict` and `workbench_run`. Built into its own module (`src/bin/workbench.rs`),
//! so the lab's first load does not carry it.
use retry_lab_text::Tables;
pub mod editor;
pub mod run;
pub mod verdict;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::host::{now_iso, registration, HostLink};
use crate::reveal::{reveal, Revealer};
use crate::store::{use_store, Store};
use crate::workbench::editor::{block_id, palette, program, EditorUi};
use retry_lab_core::embed::protocol::{Align, MountOptions, Resize};
use retry_lab_core::lab::workbench::{Focus, Reveal, WbAction, WbEffects, Workbench};
use retry_lab_core::record::{workbench_messages, Statements};
use retry_lab_text::progress::{workbench_session, WorkbenchWords};
use retry_lab_text::{fill, Lang};

/// The ways a phone's buttons take between the workbench's parts (the palette lies between the
/// program and its check) and back to the guided path, each with how its target comes on
/// screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// The check, the lab's last part: brought up only as far as its end (its top at the
    /// screen's top took the course page past the lab's end in a walk, the bar left mid-screen
    /// over the host's own page).
    Check,
    Program,
    /// The guided path's card, in the lab.
    Path,
}

impl Way {
    fn target(self) -> (&'static str, Align) {
        match self {
            Way::Check => ("wb-verify", Align::Nearest),
            Way::Program => ("wb-program-h", Align::Start),
            Way::Path => ("path", Align::Start),
        }
    }
}

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

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn select(selector: &str) -> Option<web_sys::Element> {
    document()?.query_selector(selector).ok().flatten()
}

/// Focuses `el` without the browser's own jump (the reveal that follows scrolls smoothly, and
/// across a frame of another origin too).
fn focus_quietly(el: &web_sys::Element) {
    if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let opts = web_sys::FocusOptions::new();
        opts.set_prevent_scroll(true);
        let _ = el.focus_with_options(&opts);
    }
}

/// The control the learner used, as its `data-tool` names it (`up`, `down`, `remove`, `block`).
fn active_tool() -> Option<String> {
    document()?.active_element()?.get_attribute("data-tool")
}

/// `el.style.setProperty(name, value)`, by reflection: web-sys's CssStyleDeclaration feature
/// would add 135 bytes to the learner's first load, though only the workbench calls it.
fn set_style(el: &web_sys::Element, name: &str, value: &str) {
    use js_sys::{Function, Reflect};
    let Ok(style) = Reflect::get(el, &"style".into()) else {
        return;
    };
    let set = Reflect::get(&style, &"setProperty".into()).ok();
    if let Some(set) = set.and_then(|f| f.dyn_into::<Function>().ok()) {
        let _ = set.call2(&style, &name.into(), &value.into());
    }
}

/// Brings the run's move `i` into view together with the buttons under it, which step on: the
/// buttons are revealed with a top margin as tall as the move above them.
fn reveal_move(i: usize, host: &Revealer) {
    let (Some(row), Some(stepper)) = (
        document().and_then(|d| d.get_element_by_id(&crate::workbench::run::move_id(i))),
        select(".wb-run .wb-stepper"),
    ) else {
        return;
    };
    let above = row.get_bounding_client_rect().height().ceil() as u32 + 12;
    // Through the CSSOM: a `style` attribute is refused under the lab's CSP (`style-src 'self'`).
    set_style(&stepper, "scroll-margin-top", &format!("{above}px"));
    reveal(&stepper, Align::Nearest, Some(host));
}

/// Does what an action asked of the page once it is drawn: moves the focus where the
/// learner's control went (the same control on a moved block while it is usable there, else
/// the block), and brings the newest move or the verdict into view.
fn carry_out(fx: &WbEffects, tool: Option<&str>, host: &Revealer) {
    let target = fx.focus.and_then(|f| match f {
        Focus::Block(at) => tool
            .filter(|t| matches!(*t, "up" | "down"))
            .and_then(|t| {
                select(&format!(
                    "#wb-list [data-tool={t}][data-at=\"{at}\"]:not(:disabled)"
                ))
            })
            .or_else(|| document()?.get_element_by_id(&block_id(at))),
        Focus::Palette => select(".wb-add:not(:disabled)"),
        Focus::LastMove => select("#wb-run > li:last-child"),
        Focus::Undo => select("#wb-undo").or_else(|| select(".wb-add:not(:disabled)")),
    });
    if let Some(el) = &target {
        focus_quietly(el);
    }
    match (fx.reveal, &target) {
        (Some(Reveal::Move(i)), _) => reveal_move(i, host),
        // Its first line at the screen's top, once a course page has grown its frame to it
        // (a resize stops a smooth scroll short).
        (Some(Reveal::Verdict), _) => {
            crate::reveal::reveal_span("wb-outcome", "wb-outcome", Some(host))
        }
        (None, Some(el)) => reveal(el, Align::Nearest, Some(host)),
        (None, None) => {}
    }
}

#[component]
pub fn WorkbenchApp(props: &WbProps) -> Html {
    // The lab's own way to the host: only to `origin`, in the protocol's messages, with the
    // workbench's xAPI session.
    let host = (*use_memo((), {
        let (origin, xapi) = (props.origin.clone(), props.xapi.clone());
        move |_| {
            let s = xapi.map(|a| workbench_session(a, registration()));
            Rc::new(HostLink::with_session(origin, Resize::None, s))
        }
    }))
    .clone();
    // What the last action asked of the page, with the control it came from, until drawn.
    let pending = use_mut_ref(|| None::<(WbEffects, Option<String>)>);
    let Store { state, dispatch } = {
        let (lang, link) = (props.lang, props.link.clone());
        let (host, pending) = (host.clone(), pending.clone());
        use_store(
            move || {
                Workbench::new(
                    lang,
                    retry_lab_core::embed::link::workbench_program(&link)
                        .unwrap_or_else(|| Ok(retry_lab_core::lab::workbench::naive())),
                )
            },
            move |state: &Rc<RefCell<Workbench>>, a: WbAction| {
                let tool = active_tool();
                let fx = state.borrow_mut().apply(a);
                let (lang, reached) = {
                    let wb = state.borrow();
                    (wb.lang, wb.reached.len())
                };
                let now = now_iso();
                let s = Statements {
                    session: host.session(),
                    lang,
                    timestamp: &now,
                };
                let (v, ms) = (fx.verdict.as_ref(), &fx.milestones);
                for m in workbench_messages(v, ms, reached, &s, &WorkbenchWords) {
                    host.post(&m);
                }
                *pending.borrow_mut() = Some((fx, tool));
                true
            },
        )
    };
    let editor = EditorUi {
        dragged: (*use_memo((), |_| Rc::new(Cell::new(None)))).clone(),
        current: use_state(|| 0usize),
    };
    let in_lab = *use_memo((), |_| {
        document()
            .and_then(|d| d.get_element_by_id("lab"))
            .is_some()
    });
    {
        let (state, pending, host) = (state.clone(), pending.clone(), Revealer(host.clone()));
        use_effect(move || {
            let wb = state.borrow();
            // Menus driven by the state are set after each render (Firefox keeps the first).
            crate::show_choice("wb-preset", wb.preset().map_or("", |p| p.id));
            crate::show_choice("wb-effect", wb.program.effect.as_str());
            crate::show_choice("wb-constraint", wb.program.constraint.as_str());
            crate::show_choice("wb-lang", wb.lang.code());
            if !in_lab {
                if let Some(root) = document().and_then(|d| d.document_element()) {
                    let _ = root.set_attribute("lang", wb.lang.code());
                }
            }
            crate::workbench::editor::keep_in_place();
            if let Some((fx, tool)) = pending.borrow_mut().take() {
                carry_out(&fx, tool.as_deref(), &host);
            }
        });
    }
    // Opened from the lab, the button that opened it is gone: the focus goes to its heading,
    // which comes to the screen's top with what it says the workbench does, the consumer
    // under it (the page has grown by the workbench since the door was pressed, so only now
    // can it scroll that far); where both do not fit, the consumer.
    {
        let host = Revealer(host.clone());
        use_effect_with((), move |_| {
            if in_lab {
                if let Some(h) = select("#wb-title") {
                    focus_quietly(&h);
                }
                crate::reveal::reveal_span("wb-title", "wb-program-h", Some(&host));
            }
        });
    }
    // In the lab, its language is the lab's: told by an event, read from the lab's «Idioma».
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = in_lab.then(document).flatten().map(|doc| {
                gloo::events::EventListener::new(&doc, crate::LANG_EVENT, move |_| {
                    let lang = select("#lang")
                        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
                        .and_then(|s| Lang::from_code(&s.value()));
                    if let Some(l) = lang {
                        d.emit(WbAction::SetLang(l));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let wb = state.borrow();
    let t = wb.lang.wb();
    let d = &dispatch;
    let on_lang =
        crate::workbench::editor::on_select(d, |v| Lang::from_code(v).map(WbAction::SetLang));
    let share = format!("{}#{}", props.base, wb.fragment());
    let go = {
        let host = Revealer(host.clone());
        Callback::from(move |way: Way| {
            let (id, align) = way.target();
            crate::reveal::reveal_id(id, align, Some(&host))
        })
    };
    html! {
        <div class="lab workbench">
            <header class="lab-header">
                <div>
                    <h1 id="wb-title" tabindex="-1">{ t.title }</h1>
                    <p class="subtitle">{ t.intro }</p>
                </div>
                // In the lab, the lab's own «Idioma» sets it (a second one would disagree).
                if !in_lab {
                    <label class="field">{ t.language }
                        <select id="wb-lang" onchange={on_lang}>
                            <option value="es" selected={wb.lang == Lang::Es}>{ "Español" }</option>
                            <option value="en" selected={wb.lang == Lang::En}>{ "English" }</option>
                        </select>
                    </label>
                }
            </header>
            if let Some(p) = &wb.notice {
                <div class="notice" role="alert">
                    <p>{ fill(t.bad_link, &[&t.problem(p)]) }</p>
                    <button class="btn small" onclick={d.reform(|_| WbAction::DismissNotice)}>{ t.dismiss }</button>
                </div>
            }
            <div class="wb-body">
                { palette(&wb, t, d) }
                { program(&wb, t, d, &editor, &go) }
                { crate::workbench::verdict::predict(&wb, t, d, &go, in_lab) }
            </div>
            <p class="small"><a id="wb-share" href={share}>{ t.share }</a></p>
        </div>
    }
}

/// Mounts the workbench into `element` with what its host said.
pub fn mount(element: web_sys::Element, props: WbProps) {
    number_above_outer_trees(&element);
    yew::Renderer::<WorkbenchApp>::with_root_and_props(element, props).render();
}

#[component]
fn Nothing() -> Html {
    Html::default()
}

/// The Yew tree number on `el` (`__yew_subtree_id`), if Yew branded it.
fn tree_number(el: &web_sys::Element) -> Option<u32> {
    let v = js_sys::Reflect::get(el, &"__yew_subtree_id".into()).ok()?;
    v.as_f64().map(|n| n as u32)
}

/// Yew numbers its trees from 1 in each module and marks its elements with the number; its
/// listeners find the tree an event belongs to by that mark. Mounted inside the lab (another
/// module, whose tree is 1 as well) the workbench's clicks were also taken by the lab, as
/// whichever lab listener has the same number: «Siguiente» in a run moved the guided path on
/// and scrolled the page to it. So the workbench's tree takes a number above every tree it is
/// mounted in, by using up the lower ones on empty apps that are dropped at once.
fn number_above_outer_trees(element: &web_sys::Element) {
    let mut outer = 0;
    let mut at = Some(element.clone());
    while let Some(el) = at {
        outer = outer.max(tree_number(&el).unwrap_or(0));
        at = el.parent_element();
    }
    let Some(doc) = document() else { return };
    // Yew's numbers only go up; the bound only guards against a page that marks elements itself.
    for _ in 0..64 {
        let Ok(probe) = doc.create_element("div") else {
            return;
        };
        let app = yew::Renderer::<Nothing>::with_root(probe.clone()).render();
        let used = tree_number(&probe);
        app.destroy();
        if used.is_none_or(|n| n >= outer) {
            return;
        }
    }
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
