/**
 * The declared name an unknown one was probably meant to be: the same name in another case
 * (`jobtitle`), or one or two edits away (`lettreMotivaton`). Null when nothing is that close.
 */
function distance(a: string, b: string): number {
  // Optimal string alignment distance: insertions, deletions, substitutions, transpositions.
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  return d[a.length]![b.length]!;
}

/** Names longer than this are not compared: a hostile key of 10 KB costs nothing. */
const LONGEST = 64;

export function closestName(name: string, known: readonly string[]): string | null {
  if (name.length > LONGEST) return null;
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | null = null;
  for (const candidat of known) {
    if (candidat.length > LONGEST) continue;
    const d = distance(lower, candidat.toLowerCase());
    if (d <= Math.min(2, Math.floor(candidat.length / 3)) && (!best || d < best.d))
      best = { name: candidat, d };
  }
  return best?.name ?? null;
}
