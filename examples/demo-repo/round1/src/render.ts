import type { Task } from "./task.js";
import type { Page } from "./paginate.js";

export function formatTask(task: Task): string {
  const mark = task.done ? "x" : " ";
  return `[${mark}] ${task.title}`;
}

export function formatPage(page: Page<Task>): string {
  const lines = page.items.map(formatTask);
  lines.push(`page ${page.page} of ${page.pages}`);
  return lines.join("\n");
}
