import { test } from "node:test";
import assert from "node:assert/strict";
import { TaskStore } from "../src/store.js";

test("a new task is not done", () => {
  const store = new TaskStore();
  assert.equal(store.add("write docs").done, false);
});
