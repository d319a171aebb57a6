/** @jsxImportSource @opentui/solid */
// The line opencode's sidebar shows while threads wait on the person or drafts wait to be released.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { ReviewModel } from "../review-model.js";

/**
 * What waits, and the keys that open the review on a line of their own.
 * @example <SidebarLine api={api} model={model} hint="ctrl+x v" />
 */
export function SidebarLine(props: { readonly api: TuiPluginApi; readonly model: ReviewModel; readonly hint: string }) {
  const text = () => {
    const { waiting, drafts } = props.model.counts();
    const parts: string[] = [];
    if (waiting > 0) parts.push(`${waiting} thread${waiting === 1 ? "" : "s"} wait${waiting === 1 ? "s" : ""} on you`);
    if (drafts > 0) parts.push(`${drafts} draft${drafts === 1 ? "" : "s"} unreleased`);
    return `Review: ${parts.join(", ")}`;
  };
  // The key on a line of its own: the sidebar wraps at spaces, and "ctrl+x v" has one.
  return (
    <box flexDirection="column">
      <text fg={props.api.theme.current.warning}>{text()}</text>
      <text fg={props.api.theme.current.textMuted}>{`${props.hint} opens it`}</text>
    </box>
  );
}
