/**
 * Every CSV the server writes goes through here. A spreadsheet reads a cell that starts with `=`,
 * `+`, `-` or `@` (or a tab or carriage return, which some strip before looking) as a formula, so a
 * series titled `=HYPERLINK(…)` would run in a payee's spreadsheet. Such a cell gets a leading `'`
 * (OWASP's advice for CSV injection), which spreadsheets show as text; a plain number such as
 * `-12` or `-0.50` is left as it is, as it is only a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** One cell: defused if it could be read as a formula, then quoted if it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  const raw = String(value);
  const text = FORMULA_START.test(raw) && !PLAIN_NUMBER.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, one line each, ending with a line break. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}
