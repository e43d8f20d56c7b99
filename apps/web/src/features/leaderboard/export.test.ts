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

  it('neutralises formulas in every cell', async () => {
    const lines = (await toCsv(hostile)).split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",'+1+1,5`);
    expect(lines[2]).toBe(`'-2+3,'@SUM(A1),-3`);
    expect(lines[3]).toBe(`'\tTab,"'\rReturn",0`);
    expect(lines.at(-1)).toBe('Plain = text,a-b,1');
  });
});

describe('XLSX export', () => {
  it('writes a workbook that reads back to the same cells, formulas neutralised', async () => {
    const blob = await toXlsx(sheet);
    expect(blob.size).toBeGreaterThan(0);
    expect(await readSheet(blob)).toEqual([
      ['Fixture', 'Feature', 'Selection', 'Winner', 'Points'],
      ['Match 1', 'Match Winner', 'Mumbai Indians', 'Mumbai Indians', 10],
      ['Match 1', 'Most Runs', 'Kohli, "King"', null, -2],
      ['Total', null, null, null, 8],
    ]);
    const back = await readSheet(await toXlsx(hostile));
    expect(back[1]).toEqual([`'=HYPERLINK("http://x")`, "'+1+1", 5]);
    expect(back[2]).toEqual(["'-2+3", "'@SUM(A1)", -3]);
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
