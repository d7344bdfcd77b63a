//! Browser tests (wasm-pack test --headless --chrome): the real components mounted into a
//! fresh element and driven through the DOM as a learner would.
#![cfg(target_arch = "wasm32")]

use gloo::timers::future::TimeoutFuture;
use retry_lab::js_value::read_within;
use retry_lab::{App, AppProps};
use retry_lab_core::embed::scenario::{read, BOUNDS};
use retry_lab_core::sim::log::{fnv1a64, to_jsonl};
use retry_lab_core::sim::{Config, DedupOn};
use retry_lab_text::{Lang, Tables};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Same fixture and value as the native test in crates/core/tests/core.rs.
const FIXTURE: &str = include_str!("../crates/core/tests/fixtures/determinism.json");
const FIXTURE_LOG_HASH: u64 = 0x6d3e_4edb_df99_0f28;

/// Waits until Yew has rendered everything the last action scheduled (no fixed sleep).
async fn settle() {
    yew::scheduler::flush().await;
}

/// Waits until `cond` holds, letting the browser run its timers between checks; fails after
/// about five seconds with what it waited for.
async fn wait_until(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..500 {
        settle().await;
        if cond() {
            return;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("timed out waiting for {what}");
}

async fn mount(config: Config) -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps {
            config: Some(config),
            ..AppProps::default()
        },
    )
    .render();
    // The panels below the fold are drawn just after the first paint; the log is the last.
    let r = root.clone();
    wait_until("the whole lab", move || {
        r.query_selector("[role=log]").ok().flatten().is_some()
    })
    .await;
    root
}

fn find(root: &Element, sel: &str) -> Element {
    root.query_selector(sel)
        .unwrap()
        .unwrap_or_else(|| panic!("no element {sel}"))
}

/// The text of every element `sel` matches, in document order.
fn texts(root: &Element, sel: &str) -> Vec<String> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length())
        .map(|i| list.get(i).unwrap().text_content().unwrap_or_default())
        .collect()
}

fn text(root: &Element, sel: &str) -> String {
    find(root, sel).text_content().unwrap_or_default()
}

async fn click(root: &Element, sel: &str) {
    find(root, sel).unchecked_into::<HtmlElement>().click();
    settle().await;
}

async fn select(root: &Element, sel: &str, value: &str) {
    let s: HtmlSelectElement = find(root, sel).unchecked_into();
    s.set_value(value);
    s.dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
}

fn count(root: &Element, consumer: &str, what: &str) -> u64 {
    text(root, &format!("#consumer-{consumer} [data-test={what}]"))
        .trim_start_matches('+')
        .parse()
        .unwrap()
}

fn quiet() -> Config {
    Config {
        failure_probability: 0.0,
        ack_lost_share: 0.0,
        ..Config::default()
    }
}

#[wasm_bindgen_test]
fn same_log_hash_in_the_browser_as_natively() {
    // Read the way the page reads a file: the browser's JSON, then the boundary's reader.
    let js = js_sys::JSON::parse(FIXTURE).unwrap();
    let sc = read(&read_within(&js, BOUNDS)).unwrap();
    assert_eq!(
        fnv1a64(to_jsonl(sc.run().log()).as_bytes()),
        FIXTURE_LOG_HASH
    );
}

#[wasm_bindgen_test]
async fn renders_spanish_frame_and_switches_to_english() {
    let root = mount(Config::default()).await;
    assert!(text(&root, "h1").contains("reintentos, backoff y dead-letter"));
    assert!(root.query_selector("aside.controls").unwrap().is_some());
    assert!(root.query_selector("[role=log]").unwrap().is_some());
    // The page fetches the English texts (`texts-en.txt`, which the build writes from `en.rs`:
    // their words are checked natively). This test page has no such file, so it reads one of
    // the same shape, the Spanish table written out with two strings changed: the switch must
    // draw from what was read.
    let es = Lang::Es.t();
    let file = retry_lab_text::loaded::file(es)
        .replace(&format!("\n{}\n", es.title), "\nRead from the file\n")
        .replace(&format!("\n{}\n", es.play), "\nPlay from the file\n");
    retry_lab_text::loaded::load_english(&file).unwrap();
    select(&root, "#lang", "en").await;
    assert_eq!(text(&root, "h1"), "Read from the file");
    assert!(text(&root, "#play").contains("Play from the file"));
}

#[wasm_bindgen_test]
async fn always_failing_event_shows_six_waits_then_dead_letter() {
    let root = mount(Config {
        failure_probability: 1.0,
        ack_lost_share: 0.0,
        ..Config::default()
    })
    .await;
    click(&root, "#publish-one").await;
    // Each wait above or on its segment, and (shown on a phone instead) the short ones in
    // one line.
    let labels = texts(&root, "#timeline .seg-label:not(.narrow-only)");
    assert_eq!(
        labels,
        [
            "30\u{a0}s",
            "60\u{a0}s",
            "120\u{a0}s",
            "240\u{a0}s",
            "480\u{a0}s",
            "960\u{a0}s"
        ],
        "segments labelled with their waits"
    );
    assert_eq!(
        texts(&root, "#timeline text.narrow-only"),
        ["30 · 60 · 120 · 240\u{a0}s"]
    );
    for _ in 0..7 {
        click(&root, "#step").await;
    }
    assert_eq!(text(&root, "#clock"), "31:30");
    assert_eq!(
        root.query_selector_all("#timeline circle.marker.fail")
            .unwrap()
            .length(),
        7
    );
    assert!(find(&root, "#timeline .dlq-box")
        .get_attribute("class")
        .unwrap_or_default()
        .contains("active"));
    assert!(text(&root, "#timeline .dlq-box").contains("1890\u{a0}s"));
    assert!(text(&root, "#dlq-h").contains("(1)"));
    let dlq = text(&root, "#dlq .dlq-item");
    assert!(dlq.contains("25544|2026-07-29T14:00:00Z"));
    // The lesson's counting, the same in every panel: the initial delivery, then intentos 1-6.
    assert!(
        dlq.contains("fallaron la entrega inicial y todos sus intentos (6)"),
        "{dlq}"
    );
    let titles = texts(&root, "#timeline .marker title");
    assert!(titles[0].starts_with("entrega inicial:"), "{titles:?}");
    assert!(titles[6].starts_with("intento 6:"), "{titles:?}");
    assert_eq!(text(&root, "#events tbody tr td:last-child"), "intento 6");
    let log = text(&root, "#log");
    assert!(
        log.contains("entrega inicial · instancia A · error del consumidor"),
        "{log}"
    );
    assert!(
        log.contains("intento 6 · instancia A · error del consumidor"),
        "{log}"
    );
    assert!(!log.contains("#7") && !log.contains("intento 7"), "{log}");
    let rows = root
        .query_selector_all("#schedule tbody tr")
        .unwrap()
        .length();
    assert_eq!(rows, 6, "the wait table has intentos 1 to 6");
    assert_eq!(text(&root, "#schedule thead th"), "Intento");
}

#[wasm_bindgen_test]
async fn each_wait_is_drawn_as_long_as_it_lasts() {
    let root = mount(Config {
        failure_probability: 1.0,
        ..Config::default()
    })
    .await;
    click(&root, "#publish-one").await;
    let segs = root.query_selector_all("#timeline [data-wait-s]").unwrap();
    assert_eq!(segs.length(), 6);
    let per_second: Vec<f64> = (0..segs.length())
        .map(|i| {
            let el: Element = segs.get(i).unwrap().unchecked_into();
            let wait: f64 = el.get_attribute("data-wait-s").unwrap().parse().unwrap();
            el.get_bounding_client_rect().width() / wait
        })
        .collect();
    assert!(per_second[0] > 0.0, "{per_second:?}");
    for p in &per_second {
        // Rendered width per second of wait is the same for every segment (to 1 %), so the
        // 960 s segment is 32 times the 30 s one.
        assert!((p / per_second[0] - 1.0).abs() < 0.01, "{per_second:?}");
    }
}

#[wasm_bindgen_test]
async fn outage_then_replay_delivers() {
    let root = mount(quiet()).await;
    click(&root, "#outage").await;
    click(&root, "#publish-one").await;
    for _ in 0..7 {
        click(&root, "#step").await;
    }
    assert!(text(&root, "#dlq .dlq-item").contains("el consumidor está caído"));
    click(&root, "#outage").await;
    click(&root, "#dlq .dlq-item button").await;
    click(&root, "#step").await;
    assert!(
        text(&root, "#event-counts").contains("Entregados: 1"),
        "{}",
        text(&root, "#event-counts")
    );
    assert!(text(&root, "#dlq").contains("(0)"));
    assert_eq!(count(&root, "idempotent", "applied"), 1);
}

#[wasm_bindgen_test]
async fn double_publication_two_effects_on_v4_one_on_v5() {
    let root = mount(quiet()).await;
    click(&root, "#publish-twice").await;
    click(&root, "#step").await;
    click(&root, "#step").await;
    assert_eq!(count(&root, "naive", "applied"), 2);
    assert_eq!(count(&root, "idempotent", "applied"), 1, "v5 dedup");
    assert!(text(&root, "#namespace").contains("8f1d2c3b-4a5e-4f60-9b7c-2e1d0a9f8c7b"));
    select(&root, "#dedup", "producer").await;
    click(&root, "#publish-twice").await;
    click(&root, "#step").await;
    click(&root, "#step").await;
    assert_eq!(count(&root, "naive", "applied"), 2);
    assert_eq!(count(&root, "idempotent", "applied"), 2, "v4 dedup");
    let _ = DedupOn::Producer;
}

#[wasm_bindgen_test]
async fn ack_lost_is_discarded_by_idempotent_and_doubled_by_naive() {
    let root = mount(quiet()).await;
    click(&root, "#fault-ack_lost").await;
    click(&root, "#publish-one").await;
    click(&root, "#step").await; // initial delivery: processed, ack lost
    click(&root, "#step").await; // retry 1 at 30 s: delivered again
    assert_eq!(text(&root, "#clock"), "0:30");
    // The event's own line says when (a time cut to its seconds once lost its digits).
    assert_eq!(text(&root, "#delivered-at"), "entregado a los 0:30");
    assert_eq!(count(&root, "naive", "applied"), 2);
    assert_eq!(count(&root, "naive", "extra"), 1);
    assert_eq!(count(&root, "idempotent", "applied"), 1);
    assert_eq!(count(&root, "idempotent", "discarded"), 1);
    // Each delivery says what both consumers did, and the duplicate names at-least-once.
    let log = text(&root, "#log");
    assert!(
        log.contains("Idempotente: descartado / No idempotente: aplicado"),
        "{log}"
    );
    assert!(text(&root, "#at-least-once").contains("at-least-once"));
    assert!(find(&root, "#consumer-idempotent details").has_attribute("open"));
}

#[wasm_bindgen_test]
async fn each_demonstration_ends_with_its_verdict() {
    let root = mount(quiet()).await;
    async fn run_to_end(root: &Element, key: &str) -> String {
        while root
            .query_selector(&format!("#{key}-step"))
            .unwrap()
            .is_some()
        {
            click(root, &format!("#{key}-step")).await;
        }
        text(root, &format!("#{key}-verdict"))
    }
    assert!(run_to_end(&root, "race").await.contains("dos veces"));
    select(&root, "#race-guard", "unique").await;
    assert!(run_to_end(&root, "race")
        .await
        .contains("exactamente un efecto"));
    assert!(run_to_end(&root, "tx")
        .await
        .contains("exactamente un efecto"));
    select(&root, "#tx-boundary", "mark").await;
    assert!(run_to_end(&root, "tx").await.contains("se perdió"));
    select(&root, "#tx-boundary", "effect").await;
    assert!(run_to_end(&root, "tx").await.contains("dos veces"));
}

#[wasm_bindgen_test]
async fn losing_the_cursor_repeats_naive_effects_only() {
    let root = mount(quiet()).await;
    for _ in 0..3 {
        click(&root, "#poll-append").await;
    }
    click(&root, "#poll-read").await;
    click(&root, "#poll-lose").await;
    click(&root, "#poll-read").await;
    assert!(
        text(&root, "[data-test=poll-naive]").contains(": 6"),
        "{}",
        text(&root, "#poll-counts")
    );
    assert!(text(&root, "[data-test=poll-idem]").contains(": 3"));
}

#[wasm_bindgen_test]
async fn the_panic_box_is_visible_and_offers_a_reload() {
    // What the panic hook shows; the hook itself cannot be exercised here, as a panic in wasm
    // aborts the test binary.
    retry_lab::panic::show_error_box("test detail <b>");
    settle().await;
    let doc = web_sys::window().unwrap().document().unwrap();
    let panel = doc
        .query_selector(".crash[role=alert]")
        .unwrap()
        .expect("error box");
    let text = panel.text_content().unwrap();
    assert!(
        text.contains("test detail <b>"),
        "detail shown as text, not markup: {text}"
    );
    assert!(panel.query_selector("button").unwrap().is_some());
    panel.remove();
}

#[wasm_bindgen_test]
async fn figures_show_observed_and_analytic_rates_and_follow_the_slider() {
    let root = mount(Config {
        failure_probability: 0.5,
        ..Config::default()
    })
    .await;
    // The figures are computed just after the first paint.
    let r = root.clone();
    wait_until("the figures", move || {
        r.query_selector("#figure-summary").ok().flatten().is_some()
    })
    .await;
    let summary = text(&root, "#figure-summary");
    assert!(
        summary.contains("0,78\u{a0}%"),
        "p^7 at p = 0.5 is 0,78 % (decimal comma in Spanish): {summary}"
    );
    assert_eq!(
        root.query_selector_all("#figures svg.chart")
            .unwrap()
            .length(),
        3
    );
    assert_eq!(
        root.query_selector_all("#figures svg.chart title")
            .unwrap()
            .length(),
        3,
        "text alternatives"
    );
    let slider: web_sys::HtmlInputElement = find(&root, "#failure").unchecked_into();
    slider.set_value("90");
    slider
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    settle().await;
    let summary = text(&root, "#figure-summary");
    assert!(
        summary.contains("47,83\u{a0}%"),
        "0.9^7 = 47,83 %: {summary}"
    );
    assert!(
        summary.contains("(p de la entrega inicial · p⁶ de los intentos = p⁷)"),
        "{summary}"
    );
}

#[wasm_bindgen_test]
async fn an_injected_cause_is_explained_and_named_on_the_timeline() {
    let root = mount(quiet()).await;
    click(&root, "#fault-rebalance").await;
    assert!(text(&root, "#fault-explained").contains("otra instancia"));
    click(&root, "#publish-one").await;
    click(&root, "#step").await; // the initial delivery, on instance A, meets the rebalance
    click(&root, "#step").await; // intento 1 at 30 s goes to B
    let titles = texts(&root, "#timeline .marker title");
    assert!(titles[0].contains("instancia A"), "{titles:?}");
    assert!(titles[0].contains("Reequilibrio del grupo"), "{titles:?}");
    assert!(titles[1].contains("instancia B"), "{titles:?}");

    click(&root, "#fault-visibility_timeout").await;
    click(&root, "#publish-one").await;
    click(&root, "#step").await; // done and committed, but the timeout expired first
    click(&root, "#step").await; // visible again: the retry goes to the other instance
    let log = text(&root, "#log");
    // The log names the fault that was injected, not a generic «ack perdido».
    assert!(log.contains("Visibility timeout expirado"), "{log}");
    assert!(!log.contains("ack perdido"), "{log}");
    assert!(
        log.contains("Idempotente: descartado / No idempotente: aplicado"),
        "{log}"
    );
}

#[wasm_bindgen_test]
async fn the_chosen_root_cause_reaches_the_dead_letter_queue_and_fixing_it_lets_a_manual_retry_through(
) {
    let root = mount(quiet()).await;
    select(&root, "#outage-cause", "url_changed").await;
    click(&root, "#outage").await;
    click(&root, "#publish-one").await;
    for _ in 0..7 {
        click(&root, "#step").await;
    }
    let dlq = text(&root, "#dlq .dlq-item");
    assert!(dlq.contains("cambió de URL sin avisar"), "{dlq}");
    click(&root, "#fix-cause").await;
    assert!(root.query_selector("#fix-cause").unwrap().is_none());
    click(&root, "#dlq .dlq-item button").await;
    click(&root, "#step").await;
    assert!(text(&root, "#event-counts").contains("Entregados: 1"));
}

#[wasm_bindgen_test]
async fn every_event_in_flight_has_a_lane_on_one_axis() {
    let root = mount(Config {
        failure_probability: 1.0,
        ..Config::default()
    })
    .await;
    for _ in 0..3 {
        click(&root, "#publish-one").await;
    }
    click(&root, "#step").await;
    let lanes = root.query_selector_all("#lanes .lane").unwrap().length();
    assert_eq!(lanes, 3);
    assert!(text(&root, ".lanes-figure figcaption").contains("(3)"));
}

/// A class of three who walked the path (`tests/fixtures/class.jsonl`, written by
/// `simulate learners tests/fixtures/class-plan.json`): 12 statements, 5 answers at 2 stops.
const CLASS: &str = include_str!("fixtures/class.jsonl");

/// The lab as a course page opens it, with no settings given: the guided path's first view.
async fn mount_default() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root_and_props(root.clone(), AppProps::default()).render();
    let r = root.clone();
    wait_until("the path's first stop", move || {
        r.query_selector("#path[data-stop=step_backoff] .choice")
            .ok()
            .flatten()
            .is_some()
    })
    .await;
    root
}

#[wasm_bindgen_test]
async fn the_default_first_view_is_the_path_and_its_run_answers_the_prediction() {
    use retry_lab_core::lab::path::{Choice, Stop};
    let root = mount_default().await;
    assert_eq!(
        text(&root, "#path-count"),
        format!("Paso 1 de {}", Stop::COUNT)
    );
    assert_eq!(
        root.query_selector_all("#path .choice").unwrap().length() as usize,
        Stop::Backoff.offers().len()
    );
    assert!(
        root.query_selector("#path-act").unwrap().is_none(),
        "nothing to run before the prediction"
    );
    // The prediction lands: the choice pressed, every choice closed, the stop's action offered.
    let right = format!("#path [data-choice={}]", Choice::WaitsAddUp.as_str());
    click(&root, &right).await;
    assert_eq!(
        find(&root, &right).get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    assert_eq!(
        root.query_selector_all("#path .choice:not([disabled])")
            .unwrap()
            .length(),
        0
    );
    assert_eq!(
        find(&root, "#path-act")
            .get_attribute("data-act")
            .as_deref(),
        Some("publish")
    );
    click(&root, "#path-act").await;
    // The run answers it: intento 3 at 210 s, whether the clock plays it or the step button
    // moves it on.
    for _ in 0..50 {
        if root.query_selector("#path-result").unwrap().is_some() {
            break;
        }
        if root.query_selector("#step").unwrap().is_some() {
            click(&root, "#step").await;
        }
        TimeoutFuture::new(20).await;
    }
    let result = find(&root, "#path-result");
    assert_eq!(result.get_attribute("data-right").as_deref(), Some("true"));
    assert!(
        find(&root, &right)
            .get_attribute("class")
            .unwrap_or_default()
            .contains("truth"),
        "the right choice marked"
    );
    assert_eq!(
        root.query_selector_all("#path-evidence > li")
            .unwrap()
            .length(),
        4,
        "the initial delivery and intentos 1 to 3 in the card"
    );
}

#[wasm_bindgen_test]
async fn the_workbench_gives_its_verdict_on_the_naive_consumer() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    retry_lab::workbench::mount(
        root.clone(),
        retry_lab::workbench::WbProps {
            lang: Lang::Es,
            link: String::new(),
            origin: None,
            base: String::new(),
            xapi: None,
        },
    );
    let r = root.clone();
    wait_until("the workbench", move || {
        r.query_selector("#wb-check").ok().flatten().is_some()
    })
    .await;
    assert!(
        find(&root, "#wb-check").has_attribute("disabled"),
        "no prediction yet"
    );
    select(&root, "#wb-effect", "add").await;
    select(&root, "#wb-preset", "naive").await;
    click(&root, "#wb-guess-double_effect").await;
    assert!(!find(&root, "#wb-check").has_attribute("disabled"));
    click(&root, "#wb-check").await;
    let verdict = text(&root, "#wb-verdict");
    assert!(
        verdict.contains("Acertaste") && verdict.contains("Efecto doble"),
        "{verdict}"
    );
    assert!(root.query_selector("#wb-outcome").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn the_teachers_page_reports_a_class_from_a_file() {
    use retry_lab_core::lab::path::Choice;
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<retry_lab::teacher::TeacherApp>::with_root_and_props(
        root.clone(),
        retry_lab::teacher::TeacherProps {
            lang: Lang::Es,
            endpoint: String::new(),
            activity: String::new(),
            class: String::new(),
        },
    )
    .render();
    let r = root.clone();
    wait_until("the teacher's page", move || {
        r.query_selector("#t-file").ok().flatten().is_some()
    })
    .await;
    // The file as a teacher picks it: a File in the input, then its change event.
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(CLASS));
    let file = web_sys::File::new_with_str_sequence(&parts, "class.jsonl").unwrap();
    let picked = web_sys::DataTransfer::new().unwrap();
    let items = js_sys::Reflect::get(&picked, &"items".into()).unwrap();
    let add: js_sys::Function = js_sys::Reflect::get(&items, &"add".into())
        .unwrap()
        .unchecked_into();
    add.call1(&items, &file).unwrap();
    let input: web_sys::HtmlInputElement = find(&root, "#t-file").unchecked_into();
    input.set_files(picked.files().as_ref());
    input
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    let r = root.clone();
    wait_until("the report", move || {
        r.query_selector("#t-summary").ok().flatten().is_some()
    })
    .await;
    assert_eq!(
        text(&root, "#t-summary"),
        "3 estudiantes · 5 respuestas · 2 pasos"
    );
    // Bruno's 90 s at stop 1 is named by its belief, not the bare number.
    let belief = retry_lab_text::teacher_texts(Lang::Es)
        .belief(Choice::CountsInitialDelivery)
        .unwrap();
    assert!(
        root.text_content().unwrap_or_default().contains(belief),
        "{belief}"
    );
    root.remove();
}
