import { createResource, createSignal, For, Show } from "solid-js";
import type { Api, DiffFile } from "../api.js";
import { hashOf } from "../state/branches/branches.js";
import "./compare-view.css";

/** Where a comment on the comparison goes: the new side's line to `b`, the old side's to `a` (its own new side). */
interface Target {
  readonly file: string;
  readonly branch: string;
  readonly line: number;
}

/**
 * Two branches' work trees side by side as one diff (two agents' attempts at one task): `a` the old side,
 * `b` the new. A comment on a line is a draft in the review of the branch whose line it is.
 * @example <CompareView api={createApi({ token })} apiFor={(b) => createApi({ token, branch: b })} a="agent-a" b="agent-b" />
 */
export function CompareView(props: {
  readonly api: Api;
  readonly apiFor: (branch: string) => Api;
  readonly a: string;
  readonly b: string;
}) {
  const [files] = createResource(async () => {
    const answer = await props.api.compare(props.a, props.b);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value.files;
  });
  const [target, setTarget] = createSignal<Target | null>(null);
  const [text, setText] = createSignal("");
  const [said, setSaid] = createSignal<string | null>(null);
  const save = async () => {
    const at = target();
    if (at === null || text().trim() === "") return;
    const made = await props.apiFor(at.branch).createThread({
      file: at.file,
      side: "new",
      start: at.line,
      end: at.line,
      body: text().trim(),
    });
    setSaid(
      made.ok
        ? `Draft comment on ${at.branch}, ${at.file} line ${at.line}: it goes out with ${at.branch}'s next release.`
        : made.error.message,
    );
    if (made.ok) {
      setTarget(null);
      setText("");
    }
  };
  const lineTarget = (file: DiffFile, line: { kind: string; old: number | null; new: number | null }): Target | null =>
    line.kind === "del"
      ? line.old === null
        ? null
        : { file: file.oldPath ?? file.path, branch: props.a, line: line.old }
      : line.new === null
        ? null
        : { file: file.path, branch: props.b, line: line.new };
  return (
    <main data-component="compare-view">
      <header data-slot="header">
        <span data-slot="title">
          Compare <code>{props.a}</code> → <code>{props.b}</code>
          <small>
            {" "}
            their work trees now: − is {props.a}'s, + is {props.b}'s
          </small>
        </span>
        <a href={hashOf({ kind: "branch", branch: props.a }) || "#"}>Open {props.a}</a>
        <a href={hashOf({ kind: "branch", branch: props.b })}>Open {props.b}</a>
      </header>
      <Show when={said()}>
        <p data-slot="said" role="status">
          {said()}
        </p>
      </Show>
      <Show when={files.error}>
        <p data-slot="error" role="alert">
          {String((files.error as Error).message)}
        </p>
      </Show>
      <Show when={files()?.length === 0}>
        <p data-slot="same">The two work trees are the same.</p>
      </Show>
      <For each={files() ?? []}>
        {(file) => (
          <section data-slot="file" data-path={file.path}>
            <h3>
              {file.oldPath && file.oldPath !== file.path ? `${file.oldPath} → ` : ""}
              {file.path} <small>{file.status}</small>
            </h3>
            <table>
              <tbody>
                <For each={file.hunks}>
                  {(hunk) => (
                    <>
                      <tr data-kind="hunk">
                        <td colspan="3">
                          @@ −{hunk.oldStart},{hunk.oldLines} +{hunk.newStart},{hunk.newLines} @@
                        </td>
                      </tr>
                      <For each={hunk.lines}>
                        {(line) => {
                          const at = lineTarget(file, line);
                          return (
                            <>
                              <tr
                                data-kind={line.kind}
                                title={at === null ? "" : `Comment on ${at.branch}'s line ${at.line}`}
                                onClick={() => at !== null && (setTarget(at), setSaid(null))}
                              >
                                <td data-slot="num">{line.old ?? ""}</td>
                                <td data-slot="num">{line.new ?? ""}</td>
                                <td data-slot="text">
                                  {line.kind === "add" ? "+" : line.kind === "del" ? "−" : " "}
                                  {line.text}
                                </td>
                              </tr>
                              <Show
                                when={
                                  target()?.file === at?.file &&
                                  target()?.branch === at?.branch &&
                                  target()?.line === at?.line &&
                                  at !== null
                                }
                              >
                                <tr data-kind="composer">
                                  <td colspan="3">
                                    <textarea
                                      aria-label={`Comment on ${at?.branch} line ${at?.line}`}
                                      value={text()}
                                      onInput={(e) => setText(e.currentTarget.value)}
                                    />
                                    <button type="button" onClick={() => void save()}>
                                      Save draft on {at?.branch}
                                    </button>
                                    <button type="button" onClick={() => setTarget(null)}>
                                      Cancel
                                    </button>
                                  </td>
                                </tr>
                              </Show>
                            </>
                          );
                        }}
                      </For>
                    </>
                  )}
                </For>
              </tbody>
            </table>
          </section>
        )}
      </For>
    </main>
  );
}
