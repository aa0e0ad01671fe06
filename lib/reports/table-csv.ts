import { csvRow, fileNamePart, type CsvValue } from "./csv";

/** A table the page shows, as its CSV: the header row, then each row's cells as the table holds them. */
export const tableCsv = (header: string[], rows: CsvValue[][]) => [header, ...rows].map(csvRow).join("");

/** `<table>-<from>-to-<to>[-<filter>-<value>...].csv`: the range and the filters in the name (the page's tables and the ticket export). */
export function tableFileName(table: string, range: { from: string; to: string }, filters: Record<string, string>) {
  const named = Object.entries(filters)
    .filter(([, value]) => value)
    .map(([name, value]) => `-${fileNamePart(name)}-${fileNamePart(value)}`);
  return `${fileNamePart(table)}-${range.from}-to-${range.to}${named.join("")}`.slice(0, 180) + ".csv";
}
