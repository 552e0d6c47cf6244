/** Short human forms of values in tables (JSON output keeps the raw values). */
export function dateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function signedPercent(n: number): string {
  return `${n > 0 ? '+' : ''}${n}%`;
}
