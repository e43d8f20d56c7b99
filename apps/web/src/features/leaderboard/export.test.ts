import { readSheet } from 'read-excel-file/universal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadSheet, neutraliseCell, safeRows, toCsv, toXlsx } from './export';
import type { ExportSheet } from './standings';

const sheet: ExportSheet = {
  name: 'Scores',
  header: ['Fixture', 'Feature', 'Selection', 'Winner', 'Points'],
  rows: [
    ['Match 1', 'Match Winner', 'Mumbai Indians', 'Mumbai Indians', 10],
    ['Match 1', 'Most Runs', 'Kohli, "King"', '', -2],
    ['Total', '', '', '', 8],
  ],
};

const hostile: ExportSheet = {
  name: 'Scores',
  header: ['Fixture', 'Selection', 'Points'],
  rows: [
    ['=HYPERLINK("http://x")', '+1+1', 5],
    ['-2+3', '@SUM(A1)', -3],
    ['\tTab', '\rReturn', 0],
    ['Team;=1+1', 'Kohli, -1', 2],
    ['Plain = text', 'a-b', 1],
  ],
};

describe('formula neutralising', () => {
  it('prefixes a single quote to text starting with =, +, -, @, tab or CR, and leaves the rest', () => {
    expect(neutraliseCell('=1+2')).toBe("'=1+2");
    expect(neutraliseCell('+1')).toBe("'+1");
    expect(neutraliseCell('-1')).toBe("'-1");
    expect(neutraliseCell('@cmd')).toBe("'@cmd");
    expect(neutraliseCell('\tx')).toBe("'\tx");
    expect(neutraliseCell('\rx')).toBe("'\rx");
    expect(neutraliseCell('Rohit = captain')).toBe('Rohit = captain');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell(null)).toBeNull();
    // Numbers stay numbers (a number cell cannot hold a formula), negative ones included.
    expect(neutraliseCell(-3)).toBe(-3);
  });

  it('neutralises a formula after any separator a spreadsheet may split at, not only at the start', () => {
    // Excel in a semicolon locale reads `Team;=1+1` as the cells `Team` and `=1+1`.
    expect(neutraliseCell('Team;=1+1')).toBe("Team;'=1+1");
    expect(neutraliseCell('a,=1')).toBe("a,'=1");
    expect(neutraliseCell('a\t+1')).toBe("a\t'+1");
    expect(neutraliseCell('a\n@x\r-y')).toBe("a\n'@x\r'-y");
    // Behind spaces and double quotes, which a reader skips or takes as its own quoting.
    expect(neutraliseCell('a; "=1')).toBe('a; "\'=1');
    expect(neutraliseCell(' =1;;=2')).toBe(" '=1;;'=2");
    expect(neutraliseCell('\t=1')).toBe("'\t'=1");
    // Formula characters anywhere else stay as they are.
    expect(neutraliseCell('Match 12 - MI @ CSK')).toBe('Match 12 - MI @ CSK');
    expect(neutraliseCell('a=b;c+d')).toBe('a=b;c+d');
  });

  it('neutralises the header too', () => {
    expect(safeRows({ name: 'x', header: ['=A1'], rows: [] })).toEqual([["'=A1"]]);
  });
});

describe('CSV export', () => {
  it('writes the header, the rows and the total, quoting where needed', async () => {
    expect(await toCsv(sheet)).toBe(
      [
        'Fixture,Feature,Selection,Winner,Points',
        'Match 1,Match Winner,Mumbai Indians,Mumbai Indians,10',
        'Match 1,Most Runs,"Kohli, ""King""",,-2',
        'Total,,,,8',
      ].join('\r\n'),
    );
  });

  it('still neutralises formulas in every cell with a leading quote, and quotes those cells whole', async () => {
    const lines = (await toCsv(hostile)).split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")","'+1+1",5`);
    expect(lines[2]).toBe(`"'-2+3","'@SUM(A1)",-3`);
    expect(lines[3]).toBe(`"'\tTab","'\rReturn",0`);
    expect(lines[4]).toBe(`"Team;'=1+1","Kohli, '-1",2`);
    expect(lines.at(-1)).toBe('Plain = text,a-b,1');
  });

  /** Every cell a reader splitting at `separator` sees, with or without honouring double quotes. */
  async function readerCells(csv: string, separator: string): Promise<string[]> {
    const { default: Papa } = await import('papaparse');
    const quoting = Papa.parse<string[]>(csv, { delimiter: separator, newline: '\r\n' }).data.flat();
    const naive = csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
    return [...quoting, ...naive];
  }

  it('leaves no formula for a reader in a comma, semicolon or tab locale', async () => {
    const csv = await toCsv(hostile);
    for (const separator of [',', ';', '\t']) {
      for (const cell of await readerCells(csv, separator)) {
        // What a spreadsheet evaluates: the cell without leading spaces, quotes, tabs and CRs; a
        // number (the Points column, -3) is a number, not a formula.
        const start = cell.replace(/^[\s"]*/, '');
        const formula = /^[=+\-@]/.test(start) && !/^-\d+$/.test(start);
        expect(formula, `${JSON.stringify(separator)}: ${JSON.stringify(cell)}`).toBe(false);
      }
    }
    // Without the neutralising, the same check finds the semicolon formula (the check itself works).
    const { default: Papa } = await import('papaparse');
    const raw = Papa.unparse([['Team;=1+1']], { newline: '\r\n' });
    expect((await readerCells(raw, ';')).some((c) => c.replace(/^[\s"]*/, '').startsWith('='))).toBe(true);
  });
});

/** The entries of a .zip (stored or deflated), by name, as text. */
async function unzipText(blob: Blob): Promise<Map<string, string>> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const files = new Map<string, string>();
  // The central directory lists every entry with its sizes (local headers may defer them).
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    const data =
      method === 0
        ? raw
        : new Uint8Array(
            await new Response(
              new Blob([raw]).stream().pipeThrough(new DecompressionStream('deflate-raw')),
            ).arrayBuffer(),
          );
    files.set(name, new TextDecoder().decode(data));
    at += 46 + skip;
  }
  return files;
}

describe('XLSX export', () => {
  it('writes text that looks like a formula as a string cell, without the CSV leading quote', async () => {
    const files = await unzipText(await toXlsx(hostile));
    const sheetXml = [...files].find(([name]) => name.startsWith('xl/worksheets/'))?.[1] ?? '';
    const shared = files.get('xl/sharedStrings.xml') ?? '';
    // A1 is '=HYPERLINK(...)': a shared-string cell (t="s"), no <f> formula anywhere.
    expect(sheetXml).toMatch(/<c r="A2"[^>]*t="s"[^>]*>/);
    expect(sheetXml).toMatch(/<c r="B3"[^>]*t="s"[^>]*>/);
    expect(sheetXml).not.toContain('<f>');
    expect(shared).toContain('<t>=HYPERLINK("http://x")</t>');
    expect(shared).toContain('<t>@SUM(A1)</t>');
    expect(shared).not.toContain("'");
    // Numbers stay number cells (no t attribute: the default "n").
    expect(sheetXml).toMatch(/<c r="C2"(?![^>]*t=)[^>]*><v>5<\/v>/);
  });

  it('writes a workbook that reads back to the same cells, text kept as written', async () => {
    const blob = await toXlsx(sheet);
    expect(blob.size).toBeGreaterThan(0);
    expect(await readSheet(blob)).toEqual([
      ['Fixture', 'Feature', 'Selection', 'Winner', 'Points'],
      ['Match 1', 'Match Winner', 'Mumbai Indians', 'Mumbai Indians', 10],
      ['Match 1', 'Most Runs', 'Kohli, "King"', null, -2],
      ['Total', null, null, null, 8],
    ]);
    const back = await readSheet(await toXlsx(hostile));
    expect(back[1]).toEqual(['=HYPERLINK("http://x")', '+1+1', 5]);
    expect(back[2]).toEqual(['-2+3', '@SUM(A1)', -3]);
  });
});

describe('downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves Scores.csv (UTF-8 with a byte order mark) and Scores.xlsx through a download link', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await downloadSheet(sheet, 'Scores', 'csv');
    await downloadSheet(sheet, 'Scores', 'xlsx');
    expect(names).toEqual(['Scores.csv', 'Scores.xlsx']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const csv = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(csv)).toContain('Total,,,,8');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
