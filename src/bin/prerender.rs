//! Build step: the lab's default first view (Spanish, the guided path's first stop, the panels
//! drawn in the first paint) rendered natively with the page's own Yew components, so that
//! `dist/index.html` shows the first stop before the module arrives (`scripts/prerender` puts
//! it there; `www/watchdog.js` hides it where the first view will differ). Given a folder, it
//! also writes there the texts the page fetches as files (`texts-en.txt`, `path-es.txt`).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use retry_lab::{App, AppProps};
    // The page's own first view: no host options, nothing saved, no link (page state off keeps
    // the renderer away from the browser's storage and location, which do not exist here).
    if let Some(dir) = std::env::args().nth(1) {
        for (name, text) in retry_lab_text::loaded::built_files() {
            let path = std::path::Path::new(&dir).join(name);
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("prerender: cannot write {}: {e}", path.display());
                std::process::exit(1);
            }
        }
    }
    let props = AppProps::default();
    let runtime = match tokio::runtime::Builder::new_current_thread().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("prerender: no runtime: {e}");
            std::process::exit(1);
        }
    };
    let html = runtime.block_on(
        tokio::task::LocalSet::new().run_until(
            yew::LocalServerRenderer::<App>::with_props(props)
                .hydratable(false)
                .render(),
        ),
    );
    print!("{html}");
}

#[cfg(target_arch = "wasm32")]
fn main() {}
