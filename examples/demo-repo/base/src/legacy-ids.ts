// Ids used to be numbers; kept for old clients.
export function toLegacyId(id: string): number {
  return Number.parseInt(id, 10);
}
