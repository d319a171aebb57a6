const MAX_TITLE = 200;

export function validateTitle(title: unknown): string {
  if (typeof title !== "string") {
    throw new Error("title must be a string");
  }
  const trimmed = title.trim();
  if (trimmed.length === 0) {
    throw new Error("title is empty");
  }
  if (trimmed.length > MAX_TITLE) {
    throw new Error("title is too long");
  }
  return trimmed;
}

export function validatePage(value: string | null): number {
  const page = Number(value ?? "1");
  return page;
}
