/** @jsxImportSource @opentui/solid */
// Which model an AI review run takes: the configured one (the plugin's reviewer.model, else opencode's own
// model) first, or any model opencode knows, picked in opencode's own select dialog (typing filters it).
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { errorText, type ReviewClient, type Run } from "../state/review-client.js";

/** What the server half says a run can take. */
export interface RunModels {
  readonly models: readonly string[];
  readonly default: string | null;
}

/**
 * The dialog's choices: the configured model first, then the others opencode knows, each once.
 * @example runModelChoices({ models: ["a/x", "b/y"], default: "b/y" }) // [{ model: "b/y", configured: true }, { model: "a/x", configured: false }]
 */
export function runModelChoices(known: RunModels): readonly { readonly model: string; readonly configured: boolean }[] {
  const rest = known.models.filter((m) => m !== known.default);
  return [
    ...(known.default === null ? [] : [{ model: known.default, configured: true }]),
    ...rest.map((model) => ({ model, configured: false })),
  ];
}

/**
 * Asks the person for the run's model in a dialog; resolves with the one picked, or null when it was closed.
 * @example const model = await pickRunModel(api, known); if (model) await backend.startRun(model, session);
 */
export function pickRunModel(api: TuiPluginApi, known: RunModels): Promise<string | null> {
  const choices = runModelChoices(known);
  return new Promise((resolve) => {
    let done = false;
    const finish = (model: string | null) => {
      if (done) return;
      done = true;
      resolve(model);
    };
    const Select = api.ui.DialogSelect<string>;
    api.ui.dialog.replace(
      () => (
        <Select
          title="Model for the AI review"
          placeholder="Type to filter the models opencode knows"
          current={known.default ?? undefined}
          options={choices.map((c) => ({
            title: c.model,
            value: c.model,
            ...(c.configured ? { description: "configured", category: "Configured" } : { category: "Other models" }),
          }))}
          onSelect={(option) => {
            finish(option.value);
            api.ui.dialog.clear();
          }}
        />
      ),
      () => finish(null),
    );
  });
}

/** What `A` (and the palette's "Review changes with AI") goes on with: a model, the run already live, or nothing. */
export type RunModelChoice =
  | { readonly kind: "model"; readonly model: string | undefined }
  | { readonly kind: "live"; readonly run: Run }
  | { readonly kind: "closed" }
  | { readonly kind: "refused"; readonly text: string };

/**
 * Before a run starts: the live run if there is one; else the model, asked for when there is a choice
 * (one known model, or none, is taken as it is: the server half says what is missing).
 * @example const choice = await chooseRunModel(api, backend); if (choice.kind === "model") await backend.startRun(choice.model);
 */
export async function chooseRunModel(
  api: TuiPluginApi,
  client: Pick<ReviewClient, "runs" | "reviewerModels">,
): Promise<RunModelChoice> {
  const runs = await client.runs();
  if (!runs.ok) return { kind: "refused", text: errorText(runs.error) };
  const live = [...runs.value.runs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (live && (live.status === "pending" || live.status === "running")) return { kind: "live", run: live };
  const known = await client.reviewerModels();
  if (!known.ok) return { kind: "refused", text: errorText(known.error) };
  const choices = runModelChoices(known.value);
  if (choices.length <= 1) return { kind: "model", model: choices[0]?.model };
  const picked = await pickRunModel(api, known.value);
  return picked === null ? { kind: "closed" } : { kind: "model", model: picked };
}
