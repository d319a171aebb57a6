import type { Task } from "./task.js";

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

  list(): Task[] {
    return [...this.tasks.values()];
  }

  remove(id: string): boolean {
    return this.tasks.delete(id);
  }
}
