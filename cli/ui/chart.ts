/**
 * Terminal charts drawn with plain block characters, no library: a column chart (one column per
 * point, `height` rows, eighth-blocks at the top of each column so small differences show) and a
 * one-line sparkline. Pure functions returning lines, so they are tested as text.
 */
const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** One character per value: 0 is the lowest bar, any other value at least the second one. */
export function sparkline(values: number[]): string {
  const max = Math.max(0, ...values);
  return values
    .map((v) => (v <= 0 || max === 0 ? EIGHTHS[1] : EIGHTHS[Math.max(2, Math.round((v / max) * 8))]))
    .join('');
}

export interface ColumnChartOptions {
  title: string;
  height?: number;
  /** Labels printed under the first and last columns (e.g. dates). */
  firstLabel?: string;
  lastLabel?: string;
}

export function columnChart(values: number[], opts: ColumnChartOptions): string[] {
  const height = opts.height ?? 8;
  const max = Math.max(0, ...values);
  const axisWidth = String(max).length;
  const lines = [opts.title];
  // Each column is `height * 8` eighths tall at the maximum; a non-zero value shows at least one eighth.
  const eighths = values.map((v) =>
    max === 0 ? 0 : Math.max(v > 0 ? 1 : 0, Math.round((v / max) * height * 8)),
  );
  // All zero: only the axis (rows of blanks would say nothing more).
  for (let row = max === 0 ? -1 : height - 1; row >= 0; row--) {
    const axis = row === height - 1 ? String(max).padStart(axisWidth) : ' '.repeat(axisWidth);
    const cells = eighths.map((n) => EIGHTHS[Math.min(8, Math.max(0, n - row * 8))]).join('');
    lines.push(`${axis} ┤${cells}`.trimEnd());
  }
  lines.push(`${'0'.padStart(axisWidth)} └${'─'.repeat(values.length)}`);
  if (opts.firstLabel || opts.lastLabel) {
    const first = opts.firstLabel ?? '';
    const last = opts.lastLabel ?? '';
    const gap = Math.max(1, values.length - first.length - last.length);
    lines.push(`${' '.repeat(axisWidth + 2)}${first}${' '.repeat(gap)}${last}`);
  }
  return lines;
}
