/**
 * The seed of every fast-check property in core: fixed, so a CI failure repeats on the next run;
 * `FC_SEED=<n>` explores other runs. (Read through globalThis: the core typechecks without Node's types.)
 */
export const PROPERTY_SEED = Number(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env["FC_SEED"] ?? 20_240_611,
);
