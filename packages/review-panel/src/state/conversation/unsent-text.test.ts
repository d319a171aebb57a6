import { createRoot } from "solid-js";
import { beforeEach, describe, expect, it } from "vitest";
import { createUnsentText, type UnsentPlace } from "./unsent-text.js";

const onLine: UnsentPlace = { kind: "new", target: { file: "src/app.ts", side: "new", start: 4, end: 6 } };
const reply: UnsentPlace = { kind: "reply", threadId: "t1" };

beforeEach(() => localStorage.clear());

describe("unsent text", () => {
  it("keeps text per place in localStorage, for one repository and branch, until dropped", () =>
    createRoot((dispose) => {
      const first = createUnsentText(localStorage);
      first.setScope("/work/repo", "feature");
      first.put(onLine, "Why four?", null);
      first.put(reply, "Agreed.", null);
      first.put(reply, "Agreed, but rename it.", null);

      // Another page of the same panel (a reload) reads the same texts.
      const again = createUnsentText(localStorage);
      again.setScope("/work/repo", "feature");
      expect(again.get(onLine)?.body).toBe("Why four?");
      expect(again.get(reply)?.body).toBe("Agreed, but rename it.");
      expect(again.list()).toHaveLength(2);

      // Another branch, or another repository, has texts of its own.
      const otherBranch = createUnsentText(localStorage);
      otherBranch.setScope("/work/repo", "main");
      expect(otherBranch.get(onLine)).toBeUndefined();
      const otherRepo = createUnsentText(localStorage);
      otherRepo.setScope("/work/other", "feature");
      expect(otherRepo.list()).toEqual([]);

      again.drop(onLine);
      again.put(reply, "", null);
      const last = createUnsentText(localStorage);
      last.setScope("/work/repo", "feature");
      expect(last.list()).toEqual([]);
      expect(localStorage.length).toBe(0);
      dispose();
    }));

  it("keeps what was typed before the repository was known, and survives a corrupt entry", () =>
    createRoot((dispose) => {
      localStorage.setItem("opencode-review:unsent:/r\u0000main", "{not json");
      const unsent = createUnsentText(localStorage);
      unsent.put(reply, "typed early", "a\nb");
      unsent.setScope("/r", "main");
      const reloaded = createUnsentText(localStorage);
      reloaded.setScope("/r", "main");
      expect(reloaded.get(reply)).toMatchObject({ body: "typed early", suggestion: "a\nb" });
      dispose();
    }));

  it("remembers which box was open when the panel went, per repository and branch, while its words are kept", () =>
    createRoot((dispose) => {
      const first = createUnsentText(localStorage);
      first.setScope("/work/repo", "feature");
      first.put(onLine, "", "const x = 1;");
      first.put(reply, "Agreed.", null);
      first.setOpen(onLine);

      // The next panel over the same storage opens that box again, with the suggestion as a suggestion.
      const next = createUnsentText(localStorage);
      next.setScope("/work/repo", "feature");
      expect(next.wasOpen()).toMatchObject({ place: onLine, body: "", suggestion: "const x = 1;" });
      const otherBranch = createUnsentText(localStorage);
      otherBranch.setScope("/work/repo", "main");
      expect(otherBranch.wasOpen()).toBeNull();

      // A box whose words went (saved, or emptied) has nothing to reopen; none open leaves nothing noted.
      next.drop(onLine);
      expect(next.wasOpen()).toBeNull();
      next.setOpen(reply);
      expect(next.wasOpen()?.body).toBe("Agreed.");
      next.setOpen(null);
      expect(next.wasOpen()).toBeNull();
      expect(localStorage.getItem("opencode-review:unsent-open:/work/repo\u0000feature")).toBeNull();
      dispose();
    }));
});
