/**
 * The version of locate's rules. A caller may keep the places locate found beyond its process and
 * reuse them while the texts are the same (the review server keeps them, keyed by this), so it is raised
 * by hand whenever locate may answer differently for the same input, and only then: a change that only
 * makes locate faster or clearer keeps it, and kept places stay valid. locate-rules-version.test.ts holds
 * the answers of a set of examples under this version and fails when one of them changes.
 * A version number, kept a string as it always was (the server's kept keys hold it). History: a hash of
 * the rules' code until issue 44; "2" is "one principle" (docs/concepts.md, "Anchor state").
 * @example anchorKey = JSON.stringify([LOCATE_RULES_VERSION, stamp, then, start, end])
 */
export const LOCATE_RULES_VERSION: string = "2";
