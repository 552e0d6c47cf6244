/** BIGINT columns (the salaries) may come back from the driver as strings: numbers, NULL as null. */
export function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
