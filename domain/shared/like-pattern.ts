/**
 * The `q` filters of the admin and blog lists: LIKE '%text%' where the user's `%`, `_` and `\`
 * are taken literally (MySQL's default LIKE escape is the backslash), always as a bound value.
 */
export function containsPattern(q: string): string {
  return `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
