/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF line ends, a cell holding a comma,
 * a quote or a line break in double quotes with its quotes doubled), with every text cell that a
 * spreadsheet would run as a formula made plain text: a ticket's subject or a customer's name is
 * written by strangers, and "=HYPERLINK(...)" opened in Excel is their code on the lead's machine.
 */

/** What a spreadsheet reads as the start of a formula (or, tab and CR, of one hidden behind them). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One cell: empty for nothing, ISO 8601 for a time, a number as written, text neutralised and quoted where needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = value instanceof Date ? value.toISOString() : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export const csvRow = (values: CsvValue[]) => `${values.map(csvCell).join(",")}\r\n`;

/** A file name's part from free text: lowercase letters, digits, dots and dashes only. */
export const fileNamePart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "");
