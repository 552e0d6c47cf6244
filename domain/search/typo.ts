/**
 * Typo tolerance: a query word of 5 to 8 letters also matches words one edit away, one of 9
 * letters or more two edits away; shorter words never, and the first letter is never edited.
 * An edit is an insertion, a deletion, a substitution or a transposition of two neighbours
 * (optimal string alignment distance), so "devloppeur" finds "developpeur".
 */

/** How many edits a query word may be away from an indexed word. */
export function typoBudget(word: string): number {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Is `b` at most `max` edits from `a`, with the same first letter? Row-by-row optimal string
 * alignment distance with an early exit as soon as every cell of a row exceeds `max`.
 */
export function withinTypoDistance(a: string, b: string, max: number): boolean {
  if (max <= 0 || a[0] !== b[0] || Math.abs(a.length - b.length) > max) return false;
  const n = b.length;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(n + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prevPrev[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return false;
    prevPrev = prev;
    prev = cur;
  }
  return prev[n] <= max;
}
