import { render } from "solid-js/web";
import { createApi, takeToken } from "./api.js";
import { App } from "./components/app.js";

const token = takeToken(window.location, window.sessionStorage);
render(() => <App api={createApi({ token })} />, document.getElementById("root")!);
