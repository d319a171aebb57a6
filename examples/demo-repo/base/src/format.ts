import type { Task } from "./task.js";

export function formatTask(task: Task): string {
  const mark = task.done ? "x" : " ";
  return `[${mark}] ${task.title}`;
}

export function formatList(tasks: Task[]): string {
  return tasks.map(formatTask).join("\n");
}
