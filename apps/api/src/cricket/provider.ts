import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Where match data comes from. The shipped provider reads Cricsheet JSON files from disk; a live
 * feed would implement the same interface and hand Cricsheet-shaped JSON to the same importer.
 */
export interface ProviderFixture {
  /** The provider's match id (for Cricsheet: the file name without `.json`). */
  id: string;
  /** Where the data came from, for reports and error messages. */
  source: string;
}

export interface CricketDataProvider {
  /** Every fixture the provider has match data for, in a stable order. */
  listFixtures(): Promise<ProviderFixture[]>;
  /** The raw Cricsheet JSON of one match (unparsed: the importer validates it). */
  getMatch(id: string): Promise<unknown>;
}

/** Cricsheet JSON files: a folder of `<match id>.json` files, or a single file. */
export class CricsheetFileProvider implements CricketDataProvider {
  constructor(private readonly path: string) {}

  /** The files by match id, listed once per `listFixtures` (not once per match: a folder is read in one pass). */
  private byId: Map<string, string> | undefined;

  private async files(): Promise<string[]> {
    const s = await stat(this.path);
    if (s.isFile()) return [this.path];
    const names = await readdir(this.path);
    const collator = new Intl.Collator('en', { numeric: true });
    return names
      .filter((n) => n.toLowerCase().endsWith('.json'))
      .sort((a, b) => collator.compare(a, b))
      .map((n) => join(this.path, n));
  }

  async listFixtures(): Promise<ProviderFixture[]> {
    const fixtures = (await this.files()).map((f) => ({ id: basename(f).replace(/\.json$/i, ''), source: f }));
    this.byId = new Map(fixtures.map((f) => [f.id, f.source]));
    return fixtures;
  }

  async getMatch(id: string): Promise<unknown> {
    const file = this.byId?.get(id) ?? (await this.files()).find((f) => basename(f).replace(/\.json$/i, '') === id);
    if (!file) throw new Error(`no Cricsheet file for match ${id} in ${this.path}`);
    const text = await readFile(file, 'utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
    }
  }
}

/** Matches held in memory (the demo season's simulator, tests). */
export class InMemoryProvider implements CricketDataProvider {
  constructor(private readonly matches: ReadonlyMap<string, unknown>) {}
  async listFixtures(): Promise<ProviderFixture[]> {
    return [...this.matches.keys()].map((id) => ({ id, source: `${id}.json` }));
  }
  async getMatch(id: string): Promise<unknown> {
    if (!this.matches.has(id)) throw new Error(`no match ${id}`);
    return this.matches.get(id);
  }
}
