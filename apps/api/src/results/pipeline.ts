import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The results pipeline (docs/decisions/0038-results-pipeline.md): every result — a Cricsheet import,
 * a correction, a wash-out, a live fixture's final, players' positions re-scoring past matches —
 * comes in through `recordResults`, and what must follow it is a list of subscribers that the
 * composition roots register (src/app.ts, src/cli.ts, main.ts for the demo, the API tests' setup).
 * This module knows no subscriber: it sits below cricket/, which records its imports through it.
 *
 * Two phases, in the order the subscribers were registered:
 * - `transaction` subscribers run in the transaction that stored the result, before it commits
 *   (derived figures, standings versions, result emails): a failure rolls the whole transaction
 *   back — the result too — so nothing is half-written, and is reported and thrown;
 * - `committed` subscribers run once it committed (standings points ahead of the readers, planner
 *   statistics, the demo's upkeep): a failure is reported and the result stands; what they compute
 *   is computed again on read or on the next run. Each writes all or nothing itself.
 */

/** Where a result came from. */
export type ResultSource = 'import' | 'correction' | 'wash-out' | 'live' | 'positions';

export interface ResultChange {
  source: ResultSource;
  /** The fixtures whose result, stats or players' positions changed: each once, ascending. */
  fixtureIds: readonly number[];
}

export type ResultPhase = 'transaction' | 'committed';

export interface ResultSubscriber {
  /** Names it in reports, and replaces a subscriber of the same name when registered again. */
  readonly name: string;
  readonly phase: ResultPhase;
  /** What is left behind when it fails, for the report (e.g. "computed on the next read"). */
  readonly ifFailed?: string;
  run(db: Kysely<DB>, change: ResultChange): Promise<unknown>;
}

export interface ResultFailure {
  subscriber: string;
  phase: ResultPhase;
  change: ResultChange;
  error: unknown;
}

/** What a result's writer returns: its own value, and the fixtures whose result it changed. */
export interface Recorded<T> {
  value: T;
  fixtureIds: readonly number[];
}

export interface RecordOptions {
  /**
   * Where a failure of a `committed` subscriber is told, besides the pipeline's reporter (the
   * console's import report shows it to the operator).
   */
  onWarning?: ((message: string, err: unknown) => void) | undefined;
}

/** A `transaction` subscriber failed: the result and everything written with it were rolled back. */
export class ResultSubscriberError extends Error {
  constructor(
    readonly subscriber: string,
    readonly change: ResultChange,
    cause: unknown,
  ) {
    const fixtures = `fixture${change.fixtureIds.length === 1 ? '' : 's'} ${change.fixtureIds.join(', ')}`;
    super(`${subscriber} failed for ${fixtures}, nothing stored: ${messageOf(cause)}`, { cause });
    this.name = 'ResultSubscriberError';
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function ascendingOnce(ids: Iterable<number>): number[] {
  return [...new Set([...ids].map((id) => Math.trunc(id)))].sort((a, b) => a - b);
}

const toStderr = (f: ResultFailure) => {
  const what = f.phase === 'transaction' ? 'result not stored' : 'result stored';
  const fixtures = `${f.change.source}, fixtures ${f.change.fixtureIds.join(', ')}`;
  console.error(`${what}: ${f.subscriber} failed (${fixtures}): ${messageOf(f.error)}`);
};

/** The `committed` work owed by records made inside one transaction, for the record that opened it. */
interface Owed {
  fixtureIds: Set<number>;
}

export class ResultsPipeline {
  private subscribers: ResultSubscriber[] = [];
  private reporter: (failure: ResultFailure) => void = toStderr;
  private readonly owed = new WeakMap<Kysely<DB>, Owed>();

  /** Registers subscribers in order; one with the name of a registered one takes its place. */
  use(...subscribers: readonly ResultSubscriber[]): this {
    for (const s of subscribers) {
      const at = this.subscribers.findIndex((x) => x.name === s.name);
      if (at >= 0) this.subscribers[at] = s;
      else this.subscribers.push(s);
    }
    return this;
  }

  /** Where failures are reported (default: stderr); the app reports to its log. */
  reportTo(reporter: (failure: ResultFailure) => void): this {
    this.reporter = reporter;
    return this;
  }

  /** The registered subscribers, in the order they run. */
  get registered(): readonly ResultSubscriber[] {
    return [...this.subscribers];
  }

  /**
   * The one way a result comes in. `write` stores it in a transaction and returns the fixtures whose
   * result it changed; the `transaction` subscribers run for them in that transaction, and once it
   * committed the `committed` subscribers run. When `db` already is a transaction (a writer inside a
   * larger one: a match of an import batch, the live final, a squad file), the `transaction`
   * subscribers run in it and the `committed` ones are owed to the `recordResults` that opened it,
   * which runs them once for every fixture recorded inside (or, when the caller opened it some other
   * way, to the caller: `settleResults`). A writer that changed nothing returns no fixture and no
   * subscriber runs.
   */
  async record<T>(
    db: Kysely<DB>,
    source: ResultSource,
    write: (trx: Kysely<DB>) => Promise<Recorded<T>>,
    options: RecordOptions = {},
  ): Promise<T> {
    if (this.subscribers.length === 0) {
      throw new Error('no result subscribers registered: the composition root registers them (src/app.ts)');
    }
    if (db.isTransaction) {
      const out = await write(db);
      const change = { source, fixtureIds: ascendingOnce(out.fixtureIds) };
      await this.runInTransaction(db, change);
      this.owe(db, change.fixtureIds);
      return out.value;
    }
    let settle: ResultChange = { source, fixtureIds: [] };
    const value = await db.transaction().execute(async (trx) => {
      const out = await write(trx);
      const change = { source, fixtureIds: ascendingOnce(out.fixtureIds) };
      await this.runInTransaction(trx, change);
      const inside = this.owed.get(trx)?.fixtureIds ?? [];
      settle = { source, fixtureIds: ascendingOnce([...change.fixtureIds, ...inside]) };
      return out.value;
    });
    await this.settle(db, settle, options);
    return value;
  }

  /**
   * The `committed` subscribers for a change committed in a transaction that `recordResults` did not
   * open. Failures are reported, never thrown.
   */
  async settle(db: Kysely<DB>, change: ResultChange, options: RecordOptions = {}): Promise<void> {
    const fixtureIds = ascendingOnce(change.fixtureIds);
    if (fixtureIds.length === 0) return;
    const settled = { source: change.source, fixtureIds };
    for (const s of this.subscribers) {
      if (s.phase !== 'committed') continue;
      try {
        await s.run(db, settled);
      } catch (error) {
        this.reporter({ subscriber: s.name, phase: 'committed', change: settled, error });
        options.onWarning?.(
          `${s.name} not brought up to date after the result${s.ifFailed ? ` (${s.ifFailed})` : ''}`,
          error,
        );
      }
    }
  }

  private async runInTransaction(trx: Kysely<DB>, change: ResultChange): Promise<void> {
    if (change.fixtureIds.length === 0) return;
    for (const s of this.subscribers) {
      if (s.phase !== 'transaction') continue;
      try {
        await s.run(trx, change);
      } catch (error) {
        this.reporter({ subscriber: s.name, phase: 'transaction', change, error });
        throw new ResultSubscriberError(s.name, change, error);
      }
    }
  }

  private owe(trx: Kysely<DB>, fixtureIds: readonly number[]): void {
    let owed = this.owed.get(trx);
    if (!owed) {
      owed = { fixtureIds: new Set() };
      this.owed.set(trx, owed);
    }
    for (const id of fixtureIds) owed.fixtureIds.add(id);
  }
}

/**
 * The process's pipeline. The subscribers are the application's, not a request's or a database's:
 * each takes the database it runs on, so one list serves every handle; the composition roots
 * register it once (registering it again replaces each subscriber in its place).
 */
export const resultsPipeline = new ResultsPipeline();

/** `ResultsPipeline.record` on the process's pipeline: the one way a result comes in. */
export function recordResults<T>(
  db: Kysely<DB>,
  source: ResultSource,
  write: (trx: Kysely<DB>) => Promise<Recorded<T>>,
  options?: RecordOptions,
): Promise<T> {
  return resultsPipeline.record(db, source, write, options);
}

/** `ResultsPipeline.settle` on the process's pipeline. */
export function settleResults(db: Kysely<DB>, change: ResultChange, options?: RecordOptions): Promise<void> {
  return resultsPipeline.settle(db, change, options);
}
