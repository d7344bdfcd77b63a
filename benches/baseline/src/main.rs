//! Minimal Yew page: a heading and a counter, the smallest honest "first render".
use yew::prelude::*;

#[component]
fn App() -> Html {
    let n = use_state(|| 0u32);
    let inc = {
        let n = n.clone();
        Callback::from(move |_| n.set(*n + 1))
    };
    html! { <div class="lab"><h1>{ "Baseline" }</h1><button onclick={inc}>{ *n }</button></div> }
}

fn main() {
    yew::Renderer::<App>::new().render();
}
