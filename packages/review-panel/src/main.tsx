import { createMemo, createSignal, Match, Show, Switch } from "solid-js";
import { render } from "solid-js/web";
import { createApi, takeToken } from "./api.js";
import { App } from "./components/app.js";
import { CompareView } from "./components/compare-view.js";
import { LinkNeeded } from "./components/link-needed.js";
import { addressOf } from "./state/branches/branches.js";

const token = takeToken(window.location, window.sessionStorage);
// The address says which branch's review is open (`#branch=`) or which two are compared (`#compare=a..b`);
// a change of it opens the other in place, with a client whose every call names that branch.
const [address, setAddress] = createSignal(addressOf(window.location.hash));
window.addEventListener("hashchange", () => setAddress(addressOf(window.location.hash)));
const opened = createMemo(
  () => {
    const now = address();
    return now.kind === "compare" ? `compare\0${now.a}\0${now.b}` : `branch\0${now.branch ?? ""}`;
  },
  undefined,
  { equals: (x, y) => x === y },
);
render(
  () =>
    token === null ? (
      <LinkNeeded />
    ) : (
      <Show when={{ key: opened() }} keyed>
        {(_opened) => {
          const now = address();
          return (
            <Switch>
              <Match when={now.kind === "compare" && now}>
                {(compare) => (
                  <CompareView
                    api={createApi({ token })}
                    apiFor={(branch) => createApi({ token, branch })}
                    a={compare().a}
                    b={compare().b}
                  />
                )}
              </Match>
              <Match when={now.kind === "branch" && now}>
                {(branch) => <App api={createApi({ token, branch: branch().branch })} />}
              </Match>
            </Switch>
          );
        }}
      </Show>
    ),
  document.getElementById("root")!,
);
