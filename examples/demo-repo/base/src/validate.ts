export function validateTitle(title: unknown): string {
  if (typeof title !== "string") {
    throw new Error("title must be a string");
  }
  return title;
}
