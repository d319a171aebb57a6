// Types of git-repository.mjs (plain JavaScript so the benchmark runs it from Node without a build).
export declare function git(dir: string, args: readonly string[]): string;
export declare function layFiles(dir: string, files: Readonly<Record<string, string | Uint8Array | null>>): void;
export declare function initRepository(dir: string, files: Readonly<Record<string, string | Uint8Array>>): void;
export declare function bigChange(
  changed: number,
  count?: number,
): { base: Record<string, string>; now: Record<string, string> };
