/**
 * A cell of a CSV file the project writes. A cell starting with =, +, -, @, tab or carriage return
 * would run as a formula when a recruiter opens the file in a spreadsheet (=HYPERLINK(...),
 * =cmd|...); it is prefixed with a single quote so it stays text. Then quoted as RFC 4180 says.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCsvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV line: every cell neutralised, then quoted when it holds a separator, a quote or a line break. */
export function csvLine(cells: (string | number | null | undefined)[], separator = ','): string {
  return cells
    .map((cell) => {
      const text = neutralizeCsvCell(cell);
      return /["\n\r]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(separator);
}
