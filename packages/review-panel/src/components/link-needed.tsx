import "./link-needed.css";

/**
 * Shown instead of the panel when this tab holds no token: the page itself is public, the review is not,
 * and the token arrives only through the panel link (it is never kept in a cookie).
 */
export function LinkNeeded() {
  return (
    <main data-component="link-needed">
      <h1>Open the review panel with its link</h1>
      <p>This page needs the panel link, which carries a token that proves you are the person at this computer.</p>
      <p>
        Run <code>opencode-review url</code> in the repository to print the link of every panel running for it; opencode
        also shows the link when it starts the review server.
      </p>
    </main>
  );
}
