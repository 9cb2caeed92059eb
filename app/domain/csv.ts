// CSV files for a spreadsheet (RFC 4180), in the reader's conventions: the
// spreadsheets of French, German and Spanish settings split on ';' and read
// a decimal comma, English ones split on ',' and read a decimal point.

export type CsvCell = string | number | null | undefined;

export interface CsvDialect {
  separator: "," | ";";
  decimalSeparator: "." | ",";
}

export function csvDialect(language: string): CsvDialect {
  return language === "en" ? { separator: ",", decimalSeparator: "." } : { separator: ";", decimalSeparator: "," };
}

/** A text a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) is kept as text. */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell, dialect: CsvDialect): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    const written = String(value);
    return dialect.decimalSeparator === "," ? written.replace(".", ",") : written;
  }
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole file: a byte order mark (so spreadsheets read UTF-8 accents),
 * the header row, then the rows, each line ended by CRLF.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], dialect: CsvDialect): string {
  return `\uFEFF${csvLines([header, ...rows], dialect)}`;
}

/** Rows as CSV lines, each ended by CRLF (a file's part: toCsv adds the byte order mark and the header). */
export function csvLines(rows: readonly (readonly CsvCell[])[], dialect: CsvDialect): string {
  let text = "";
  for (const cells of rows) text += `${cells.map((cell) => csvCell(cell, dialect)).join(dialect.separator)}\r\n`;
  return text;
}

/** An instant as a spreadsheet reads a date and time: "2026-01-31 08:30" (UTC, said in the header). */
export function csvDateTime(date: Date): string {
  return date.toISOString().slice(0, 16).replace("T", " ");
}
