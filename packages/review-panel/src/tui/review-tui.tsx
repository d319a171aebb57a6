/** @jsxImportSource @opentui/solid */
// opencode's terminal half: the command, key, slash command and route that open the review over the
// conversation, the sidebar line, and the toast when the agent answers. Every failure becomes a line the
// person can read; none reaches opencode's TUI as a throw.
import { describePlace } from "@opencode-review/core";
import type { TuiPlugin, TuiPluginApi, TuiRouteCurrent } from "@opencode-ai/plugin/tui";
import { createRoot, createSignal, ErrorBoundary, Show } from "solid-js";
import type { ReviewBackend } from "./review-backend.js";
import { createReviewModel, type ReviewModel } from "./review-model.js";
import { terminalSafe } from "./markdown-lines.js";
import { ReviewView } from "./review-view.js";
import { chooseRunModel } from "./run-model-pick.js";
import { errorText } from "../state/review-client.js";
import { ReviewUnavailable } from "./view/review-unavailable.js";
import { SidebarLine } from "./view/sidebar-line.js";

export const ROUTE = "opencode-review";
export const OPEN_COMMAND = "opencode-review.open";
/** The palette entry that starts an AI review run (issue: reviewer agents) without opening the review first. */
export const AI_REVIEW_COMMAND = "opencode-review.ai-review";

/** How the server package hands the terminal half its review: opened in the TUI's own thread, over the same store. */
export type OpenTuiBackend = (input: {
  readonly api: TuiPluginApi;
  readonly dir: string;
  readonly options: Readonly<Record<string, unknown>>;
}) => Promise<ReviewBackend>;

/**
 * The person's keys for the open command (null: keep `<leader>v`; `[]`: unbound). Handed in because opencode
 * drops a plugin command's entry from `tui.json` `keybinds` before the plugin sees it, so finding it is I/O.
 */
export type OpenCommandKeysOf = (input: {
  readonly api: TuiPluginApi;
  readonly options: Readonly<Record<string, unknown>>;
}) => Promise<readonly string[] | null>;

/**
 * What is wrong with the server half's options in opencode.json, read from the config opencode holds, or null.
 * Handed in because the check is the server package's; the terminal half says it because the server half's
 * toast, sent from its worker as it starts, never reaches the screen.
 */
export type ServerHalfProblem = (input: { readonly api: TuiPluginApi; readonly spec: string }) => string | null;

/** How long after start the terminal half looks for the link of the panel its server half starts. */
const PANEL_LINK_WAIT_MS = 60_000;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The session the person is in, from a route (ours carries the one it was opened over). */
function sessionOf(route: TuiRouteCurrent): string | null {
  const params = "params" in route ? (route.params as Record<string, unknown> | undefined) : undefined;
  const id = params?.sessionID ?? params?.from_session;
  return typeof id === "string" ? id : null;
}

/**
 * Builds the `tui` function of the plugin module around the server package's way of opening the review.
 * @example export default { id: "opencode-review", tui: createReviewTui(openTuiBackend) };
 */
export function createReviewTui(
  open: OpenTuiBackend,
  keysOf?: OpenCommandKeysOf,
  serverHalfProblem?: ServerHalfProblem,
): TuiPlugin {
  const install = installReviewTui(open, keysOf);
  return async (api, options, meta) => {
    if (serverHalfProblem) void sayServerHalfProblem(api, serverHalfProblem, meta?.spec ?? "");
    try {
      await install(api, options, meta);
    } catch (error) {
      // opencode drops a plugin that throws at load without a word: say it where the person looks.
      api.ui.toast({
        variant: "error",
        title: "opencode-review",
        message: `The review could not start: ${message(error)}`,
      });
      void api.client.app
        .log({
          service: "opencode-review",
          level: "error",
          message: `opencode-review: the terminal half did not start: ${message(error)}`,
        })
        .catch(() => {});
    }
  };
}

/** Once opencode has its config (it syncs after start), says what the server half could not show. */
async function sayServerHalfProblem(api: TuiPluginApi, problem: ServerHalfProblem, spec: string): Promise<void> {
  for (let waited = 0; !safely(() => api.state.ready) && waited < 30_000; waited += 250)
    await new Promise((r) => setTimeout(r, 250));
  const said = safely(() => problem({ api, spec }));
  if (said) api.ui.toast({ variant: "error", title: "opencode-review", message: said, duration: 20_000 });
}

function installReviewTui(open: OpenTuiBackend, keysOf: OpenCommandKeysOf | undefined): TuiPlugin {
  return async (api, options) => {
    const dir = api.state.path.directory || process.cwd();
    const [backend, setBackend] = createSignal<ReviewBackend | null>(null);
    const [failure, setFailure] = createSignal<string | null>(null);
    let model: ReviewModel | null = null;
    let disposeRoot: (() => void) | null = null;
    let from: TuiRouteCurrent = { name: "home" };
    // What the sidebar line and the toast name as the way in: the keys the person chose, else the slash command.
    let hint = "ctrl+x v";

    const log = (level: "error" | "warn" | "info", text: string) =>
      void api.client.app.log({ service: "opencode-review", level, message: text }).catch(() => {});

    // The diff's layout, kept between views and runs in opencode's key-value store.
    const viewStorage = {
      read: () => (api.kv.get<string>("opencode-review.view", "unified") === "split" ? "split" : "unified"),
      write: (mode: "split" | "unified") => api.kv.set("opencode-review.view", mode),
    } as const;
    // Another branch's review open in the view (`B`), with its own model; null: this work tree's, whose model
    // the sidebar line and the toasts follow.
    const [other, setOther] = createSignal<{
      readonly backend: ReviewBackend;
      readonly model: ReviewModel;
      readonly dispose: () => void;
    } | null>(null);
    const dropOther = (previous: ReturnType<typeof other>) => {
      if (previous === null) return;
      previous.model.close();
      previous.dispose();
      void previous.backend.close().catch(() => {});
    };
    const openBranch = async (branch: string) => {
      const own = backend();
      if (own === null) return;
      const answer = await own.forBranch(branch);
      if (!answer.ok)
        return api.ui.toast({ variant: "error", title: "opencode-review", message: errorText(answer.error) });
      const previous = other();
      if (answer.value === own) setOther(null);
      else {
        const b = answer.value;
        const shown = createRoot((dispose) => ({ backend: b, model: createReviewModel(b, { viewStorage }), dispose }));
        setOther(shown);
        void shown.model.refresh();
      }
      dropOther(previous);
    };

    const opened = open({ api, dir, options: (options ?? {}) as Record<string, unknown> }).then(
      (b) => {
        createRoot((dispose) => {
          disposeRoot = dispose;
          model = createReviewModel(b, {
            viewStorage,
            onAgentMessage: ({ thread, body }) => {
              if (api.route.current.name === ROUTE) return;
              const where = describePlace(thread, { for: "terminal" });
              api.ui.toast({
                variant: "info",
                title: "The agent answered",
                message: `${where}: ${terminalSafe(body).slice(0, 120)} (${hint} to review)`,
                duration: 8000,
              });
            },
          });
        });
        setBackend(b);
        void model!.refresh();
        void announcePanel(b);
        return b;
      },
      (error: unknown) => {
        setFailure(message(error));
        log("warn", `opencode-review: ${message(error)}`);
        // Bad options in tui.json are the person's to fix: said on the screen, not only in the view and the log.
        if ((error as { code?: unknown } | null)?.code === "invalid_input")
          api.ui.toast({ variant: "error", title: "opencode-review", message: message(error), duration: 20_000 });
        return null;
      },
    );
    // The panel link, shown here: opencode 1.18.33 never shows the toast the server half sends from its worker
    // as it starts (seen under tmux; its TUI draws only the tui.toast.show events that reach its own event
    // stream for the current workspace), so the person would find the link only in the log.
    let disposed = false;
    const announcePanel = async (b: ReviewBackend) => {
      for (let waited = 0; !disposed && waited < PANEL_LINK_WAIT_MS; waited += 1000) {
        const url = await b.ownPanelUrl().catch(() => null);
        if (url)
          return api.ui.toast({
            variant: "info",
            title: "opencode-review",
            message: `Review panel: ${url}`,
            duration: 15_000,
          });
        await new Promise((r) => setTimeout(r, 1000));
      }
    };

    // The sidebar line and the agent's toast stay fresh while the view is closed too: the model hears the change log from its start.

    const close = () => {
      const back = from;
      if (back.name === "session" && sessionOf(back)) api.route.navigate("session", { sessionID: sessionOf(back)! });
      else if (back.name !== ROUTE && back.name !== "home" && "params" in back)
        api.route.navigate(back.name, back.params);
      else api.route.navigate("home");
    };
    const latestSession = async (): Promise<string | null> => {
      const own = sessionOf(from);
      if (own) return own;
      const listed = await api.client.session.list().catch(() => null);
      const sessions = listed?.data ?? [];
      const newest = [...sessions].sort((a, b) => (b.time?.updated ?? 0) - (a.time?.updated ?? 0))[0];
      return newest?.id ?? null;
    };

    api.route.register([
      {
        name: ROUTE,
        // Reactive, so a view opened while the store is still opening fills in once it is open.
        render: () => (
          <Show
            when={backend()}
            fallback={<ReviewUnavailable api={api} text={failure() ?? "Opening the review…"} close={close} />}
          >
            {(b) => (
              // A fault in the view is shown and logged in its place; it never reaches opencode's TUI.
              <ErrorBoundary
                fallback={(error: unknown) => {
                  log("error", `opencode-review: the review view failed: ${message(error)}`);
                  return <ReviewUnavailable api={api} text={`the view failed: ${message(error)}`} close={close} />;
                }}
              >
                <Show when={other() ?? { backend: b(), model: model! }} keyed>
                  {(shown) => (
                    <ReviewView
                      api={api}
                      backend={shown.backend}
                      model={shown.model}
                      session={latestSession}
                      close={close}
                      openBranch={(branch) => void openBranch(branch)}
                    />
                  )}
                </Show>
              </ErrorBoundary>
            )}
          </Show>
        ),
      },
    ]);

    const openView = () => {
      try {
        const current = api.route.current;
        if (current.name !== ROUTE) from = current;
        api.ui.dialog.clear();
        api.route.navigate(ROUTE, { from_session: sessionOf(current) ?? undefined });
      } catch (error) {
        api.ui.toast({ variant: "error", title: "opencode-review", message: message(error) });
        log("error", `opencode-review: ${message(error)}`);
      }
    };
    // The same start as the review's `A` key, from the palette: the server half's supervisor runs it.
    const startAiReview = async () => {
      const say = (variant: "info" | "error", text: string) =>
        api.ui.toast({ variant, title: "opencode-review", message: text });
      try {
        const b = backend() ?? (await opened);
        if (b === null) return say("error", failure() ?? "The review could not be opened here.");
        const choice = await chooseRunModel(api, b);
        if (choice.kind === "refused") return say("error", choice.text);
        if (choice.kind === "live") return say("info", `An AI review runs already: ${choice.run.status}.`);
        if (choice.kind === "closed") return say("info", "No AI review started (no model picked).");
        const started = await b.startRun(choice.model, (await latestSession()) ?? undefined);
        if (!started.ok) return say("error", errorText(started.error));
        say(
          "info",
          `AI review started (${started.value.run.model}); its findings show in the review (${hint}) when it releases them.`,
        );
      } catch (error) {
        say("error", message(error));
        log("warn", `opencode-review: AI review: ${message(error)}`);
      }
    };
    const configured = api.tuiConfig.keybinds.get(OPEN_COMMAND);
    const chosen = keysOf
      ? await keysOf({ api, options: (options ?? {}) as Record<string, unknown> }).catch((error: unknown) => {
          log(
            "warn",
            `opencode-review: the keys for ${OPEN_COMMAND} could not be read from tui.json, so ctrl+x v opens the review: ${message(error)}`,
          );
          return null;
        })
      : null;
    const openBindings =
      configured.length > 0
        ? configured.map((binding) => ({ ...binding, cmd: OPEN_COMMAND }))
        : (chosen ?? ["<leader>v"]).map((key) => ({ key, cmd: OPEN_COMMAND }));
    const leader = safely(() => api.tuiConfig.keybinds.get("leader")[0]?.key);
    const first = openBindings[0]?.key;
    hint =
      typeof first === "string"
        ? first.replace("<leader>", `${typeof leader === "string" ? leader : "ctrl+x"} `)
        : "/changes";
    const offCommands = api.keymap.registerLayer({
      commands: [
        {
          name: OPEN_COMMAND,
          title: "Review changes",
          desc: "The agent's diff with review threads: comment, release, resolve",
          category: "Review",
          namespace: "palette",
          slashName: "changes",
          run: openView,
        },
        {
          name: AI_REVIEW_COMMAND,
          title: "Review changes with AI",
          desc: "A reviewer agent reviews this session's changes; its findings wait for you in the review",
          category: "Review",
          namespace: "palette",
          run: () => void startAiReview(),
        },
      ],
      bindings: openBindings,
    });

    api.slots.register({
      order: 650,
      slots: {
        sidebar_content() {
          return (
            <Show when={backend() && model && (model.counts().waiting > 0 || model.counts().drafts > 0)}>
              <SidebarLine api={api} model={model!} hint={hint} />
            </Show>
          );
        },
      },
    });

    // A release made before any session waits for one: the first session opened takes it. The server half,
    // when loaded, is told of the session too; the release is claimed once, so it goes out once.
    const offSessions = safely(() =>
      api.event.on("session.created", (event) => {
        const info = event.properties.info;
        if (info.parentID) return;
        void opened
          .then((b) => b?.deliverWaiting(info.id))
          .then((taken) => {
            if (!taken) return;
            if (!taken.ok)
              return log(
                "warn",
                `opencode-review: a release waiting for a session could not be sent: ${errorText(taken.error)}`,
              );
            if (taken.value.length > 0) return model?.reloadReleases();
          })
          .catch((error: unknown) =>
            log("warn", `opencode-review: a release waiting for a session could not be sent: ${message(error)}`),
          );
      }),
    );

    api.lifecycle.onDispose(async () => {
      disposed = true;
      dropOther(other());
      model?.close();
      offSessions?.();
      offCommands();
      disposeRoot?.();
      const b = await opened.catch(() => null);
      await b?.close().catch(() => {});
    });
  };
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
