import type { Task } from "./task.js";
import { paginate, type Page } from "./paginate.js";

export class TaskStore {
  private tasks = new Map<string, Task>();
  private nextId = 1;

  add(title: string): Task {
    const task: Task = { id: String(this.nextId++), title, done: false, createdAt: new Date() };
    this.tasks.set(task.id, task);
    return task;
  }

  get(id: string): Task | undefined {
    return this.tasks.get(id);
  }

  complete(id: string): Task | undefined {
    const task = this.tasks.get(id);
    if (!task) return undefined;
    task.done = true;
    return task;
  }

  count(): number {
    return this.tasks.size;
  }

  countDone(): number {
    let done = 0;
    for (const task of this.tasks.values()) if (task.done) done++;
    return done;
  }

  // A Map keeps insertion order, which is creation order: no sort needed.
  list(page = 1, size = 20): Page<Task> {
    const all = [...this.tasks.values()];
    return paginate(all, page, size);
  }

  remove(id: string): boolean {
    return this.tasks.delete(id);
  }
}
