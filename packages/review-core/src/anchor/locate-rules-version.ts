/**
 * The version of locate's rules. A caller may keep the places locate found beyond its process and
 * reuse them while the texts are the same (the review server keeps them in its store, keyed by this),
 * so it must change whenever the rules might find another place for the same input. It is not set by
 * judgement: it is the hash of the rules' code (locate.ts and every module it imports, without
 * comments or types), and locate-rules-version.test.ts fails, naming the new value, when the code
 * changed and this did not. A change that only renames or reorders may re-locate kept places once.
 * @example anchorKey = JSON.stringify([LOCATE_RULES_VERSION, stamp, then, start, end])
 */
export const LOCATE_RULES_VERSION = "ec0a4a9f9184";
