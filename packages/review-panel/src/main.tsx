import { render } from "solid-js/web";
import { createApi, takeToken } from "./api.js";
import { App } from "./components/app.js";
import { LinkNeeded } from "./components/link-needed.js";

const token = takeToken(window.location, window.sessionStorage);
render(() => (token === null ? <LinkNeeded /> : <App api={createApi({ token })} />), document.getElementById("root")!);
