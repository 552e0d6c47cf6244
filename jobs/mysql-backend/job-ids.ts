/** Job ids: BIGINT auto-increment in the table, strings on Agenda's side. */

/** Ids are BIGINT: anything that is not a positive integer cannot match a row. */
export function parseId(id: unknown): string | undefined {
  const text = id === null || id === undefined ? '' : String(id);
  return /^[1-9]\d{0,19}$/.test(text) ? text : undefined;
}

export function parseIds(ids: readonly unknown[]): string[] {
  return ids.map(parseId).filter((id): id is string => id !== undefined);
}
