import type { Thread, Verdict } from "./types.js";

export type Severity = "blocker" | "major" | "minor" | "nit";
export type FindingStatus = "open" | "accepted" | "dismissed" | "resolved";
export type RunStatus = "pending" | "running" | "completed" | "failed" | "cancelled";

/**
 * A reviewer agent's finding as HTTP shows it: a Thread whose origin is `reviewer`, whose status is the
 * finding's own (docs/reviewer.md), with its severity, its run and, once accepted, the id of the
 * person's draft thread it became.
 */
export type Finding = Omit<Thread, "origin" | "status"> & {
  readonly origin: "reviewer";
  readonly status: FindingStatus;
  readonly severity: Severity;
  readonly run: { readonly id: string };
  readonly acceptedThreadId: string | null;
};

/** One AI review pass (docs/reviewer.md, "Runs"). */
export interface Run {
  readonly id: string;
  readonly status: RunStatus;
  readonly session: { readonly id: string } | null;
  readonly parentSession: { readonly id: string };
  readonly model: string;
  readonly round: { readonly id: string; readonly ordinal: number };
  readonly findings: number;
  readonly summary: string | null;
  readonly verdict: Verdict | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
}
