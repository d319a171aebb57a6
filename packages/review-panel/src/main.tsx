import { render } from "solid-js/web";

render(() => <main data-component="app">opencode-review</main>, document.getElementById("root")!);
