import type { ExportCell, ExportSheet } from './standings';

/**
 * The score exports (spec sections 2 and 9): Scores.csv / Scores.xlsx and ScoreDetails.csv /
 * ScoreDetails.xlsx. The CSV (papaparse) and XLSX (write-excel-file) writers are loaded with
 * `import()` on the first export, so they cost nothing until someone downloads a file.
 */

/** Text a spreadsheet could run as a formula: starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Neutralises formula injection (OWASP "CSV injection") in CSV: such text gets a leading single quote,
 * so Excel, LibreOffice and Sheets show it as text. Numbers stay numbers: a number cell holds no formula.
 * The XLSX export does not need it: its text cells are typed string cells (see `toXlsx`).
 */
export function neutraliseCell(value: ExportCell): ExportCell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Header and rows, every cell neutralised: what the CSV writer receives. */
export function safeRows(sheet: ExportSheet): ExportCell[][] {
  return [sheet.header, ...sheet.rows].map((row) => row.map(neutraliseCell));
}

/** The CSV text (RFC 4180: CRLF lines, quotes where needed). */
export async function toCsv(sheet: ExportSheet): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(safeRows(sheet), { newline: '\r\n' });
}

/**
 * The .xlsx workbook: one sheet, bold header and total rows. Text is written as typed string cells
 * (`t="s"`, a shared string): a spreadsheet shows such a cell as its text and never evaluates it, so
 * "=HYPERLINK(…)" stays inert without the CSV's leading quote (which Excel would show here).
 */
export async function toXlsx(sheet: ExportSheet): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  const rows = [sheet.header, ...sheet.rows];
  const last = rows.length - 1;
  const data = rows.map((row, r) =>
    row.map((value) => {
      const bold = r === 0 || (r === last && row[0] === 'Total');
      if (value === null || value === '') return null;
      const cell = typeof value === 'string' ? { value, type: String } : { value, type: Number };
      return bold ? { ...cell, fontWeight: 'bold' as const } : cell;
    }),
  );
  const columns = sheet.header.map((_, c) => ({
    width: Math.min(48, Math.max(8, ...rows.map((row) => String(row[c] ?? '').length + 2))),
  }));
  return writeExcelFile(data, { sheet: sheet.name, columns }).toBlob();
}

const CSV_TYPE = 'text/csv;charset=utf-8';

/** Saves a blob under `fileName` through a temporary download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export type ExportFormat = 'csv' | 'xlsx';

/** Writes `sheet` as `<baseName>.csv` or `<baseName>.xlsx` and downloads it. */
export async function downloadSheet(sheet: ExportSheet, baseName: string, format: ExportFormat): Promise<void> {
  if (format === 'csv') {
    // The byte order mark makes Excel read the file as UTF-8 (names with accents).
    saveBlob(new Blob(['\ufeff', await toCsv(sheet)], { type: CSV_TYPE }), `${baseName}.csv`);
  } else {
    saveBlob(await toXlsx(sheet), `${baseName}.xlsx`);
  }
}
