import type { ExportCell, ExportSheet } from './standings';

/**
 * The score exports (spec sections 2 and 9): Scores.csv / Scores.xlsx and ScoreDetails.csv /
 * ScoreDetails.xlsx. The CSV (papaparse) and XLSX (write-excel-file) writers are loaded with
 * `import()` on the first export, so they cost nothing until someone downloads a file.
 */

/**
 * Formula injection (OWASP "CSV injection"). A spreadsheet evaluates a cell that starts with `=`, `+`,
 * `-` or `@` (some after dropping a leading tab or CR). Where a cell starts depends on who reads the
 * file, not on how we wrote it: Excel in a comma locale and LibreOffice split a line at commas, Excel
 * in a semicolon locale (most of Europe and South America) at semicolons, a tab-separated import at
 * tabs, and every reader starts a new row at a line break. A reader that splits at another character
 * than ours does not honour our quotes either (a quote counts only where its own cell starts). So
 * inside one of our cells, a cell of some reader starts at the beginning and after every `,` `;` tab
 * CR or LF — possibly behind spaces and double quotes, which that reader skips or takes as its own
 * quoting: `Team;=1+1` is the two cells `Team` and `=1+1` in a semicolon locale.
 *
 * The rule: a single quote goes right before every formula character that stands at such a start
 * (`Team;=1+1` → `Team;'=1+1`, `=1+2` → `'=1+2`, `a, "@x` → `a, "'@x`), and at the very beginning
 * of a cell that starts with a tab or CR. Whichever separator a reader uses, each of its cells then
 * starts with `'` or with ordinary text, which Excel (comma and semicolon locales) and LibreOffice
 * read as text, never as a formula. A cell holding such a quote, a semicolon or a tab is also quoted
 * whole (`"Team;'=1+1"`), so a reader that detects the separator keeps it in one cell. Numbers stay
 * numbers: a number cell holds no formula. The XLSX export does not need any of this: its text cells
 * are typed string cells (see `toXlsx`).
 */
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])([\s"]*)(?=[=+\-@])/g;
const CONTROL_AT_START = /^[\t\r]/;

/** A cell as the CSV writes it: formula characters at any reader's cell start neutralised (above). */
export function neutraliseCell(value: ExportCell): ExportCell {
  if (typeof value !== 'string') return value;
  return value.replace(FORMULA_AT_CELL_START, "$1$2'").replace(CONTROL_AT_START, "'$&");
}

/** Whether the CSV writer quotes a (neutralised) cell besides RFC 4180's reasons (comma, quote, line break). */
export function quotedWhole(value: unknown): boolean {
  return typeof value === 'string' && /[;\t]|'[=+\-@]/.test(value);
}

/** Header and rows, every cell neutralised: what the CSV writer receives. */
export function safeRows(sheet: ExportSheet): ExportCell[][] {
  return [sheet.header, ...sheet.rows].map((row) => row.map(neutraliseCell));
}

/** The CSV text (RFC 4180: CRLF lines, quotes where needed and where `quotedWhole` says). */
export async function toCsv(sheet: ExportSheet): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(safeRows(sheet), { newline: '\r\n', quotes: quotedWhole });
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
