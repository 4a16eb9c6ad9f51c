/** CSV files of the metrics' tables, built in the browser (RFC 4180). */

export type CsvCell = string | number | null | undefined;

/**
 * One field: quoted when it holds a comma, a quote, a line break or edge spaces, quotes doubled.
 * A text that starts like a formula (=, +, -, @) gets a leading apostrophe so a spreadsheet shows
 * it rather than runs it; numbers (and "-6.00") are written as they are.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the rows under it, lines ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers `csv` as a download named `filename` (a UTF-8 BOM so spreadsheets read accents right). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: some browsers read the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A table's CSV file name (without `.csv`): what it holds and its range. */
export const csvName = (what: string, range: { from: string; to: string }) => `inkwell-${what}-${range.from}-to-${range.to}`;
