import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { type NewEvent, writeEvents } from '../../src/live/events';
import type { TestApp } from '../helpers';

/** Server-Sent Events read over a real connection (the live tests). */
export interface Sse {
  events: { id: number; event: string; data: { EventID: number; Type: string } & Record<string, unknown> }[];
  comments: string[];
  /** Everything the answer's body held so far (the JSON of a refusal). */
  text: string;
  /** The server ended the answer, or the connection closed. */
  ended: boolean;
  res: IncomingMessage;
  close(): void;
}

/**
 * Opens an event stream over a real connection and collects what arrives; `localAddress` is the
 * client address the server sees (any 127.x.y.z on Linux's loopback).
 */
export async function openStream(
  app: TestApp,
  path: string,
  cookies: Map<string, string>,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Sse> {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          accept: 'text/event-stream',
          ...headers,
        },
      },
      (res) => {
        const out: Sse = { events: [], comments: [], text: '', ended: false, res, close: () => req.destroy() };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('end', () => {
          out.ended = true;
        });
        res.on('close', () => {
          out.ended = true;
        });
        res.on('data', (chunk: string) => {
          out.text += chunk;
          buffer += chunk;
          let i = buffer.indexOf('\n\n');
          while (i >= 0) {
            const frame = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            const fields = Object.fromEntries(
              frame
                .split('\n')
                .filter((line) => !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
            );
            for (const c of frame.split('\n').filter((line) => line.startsWith(':'))) out.comments.push(c);
            if (fields.data)
              out.events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data) });
            i = buffer.indexOf('\n\n');
          }
        });
        resolve(out);
      },
    );
    req.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e);
    });
    req.end();
  });
}

/**
 * Writes one event per topic, as the ingest would (in a transaction, ids in commit order): a `state`
 * event per fixture and an empty `standings` event per league. Returns their ids in that order.
 */
export async function writeTopicEvents(
  db: Kysely<DB>,
  topics: { fixtures?: readonly number[]; leagues?: readonly number[] },
): Promise<number[]> {
  const events: NewEvent[] = [
    ...(topics.fixtures ?? []).map(
      (id): NewEvent => ({
        fixtureId: id,
        leagueId: null,
        type: 'state',
        data: { FixtureID: id, State: 'live', SilentSince: null, Provisional: true },
      }),
    ),
    ...(topics.leagues ?? []).map(
      (id): NewEvent => ({
        fixtureId: null,
        leagueId: id,
        type: 'standings',
        data: { LeagueID: id, Version: 1, BaseVersion: 0, FixtureIDs: [], Rows: [], Removed: [], Provisional: true },
      }),
    ),
  ];
  return db.transaction().execute((trx) => writeEvents(trx, events));
}

/**
 * A response whose socket breaks: `write` throws once `okWrites` writes have gone through. Stands in
 * for a stream's `reply.raw` when a test hands a stream to the hub itself.
 */
export class BrokenResponse extends EventEmitter {
  writableEnded = false;
  destroyed = false;
  readonly writes: string[] = [];
  constructor(private readonly okWrites = 0) {
    super();
  }
  write(chunk: string): boolean {
    if (this.writes.length >= this.okWrites) throw new Error('socket broke (test)');
    this.writes.push(chunk);
    return true;
  }
  end(): this {
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    this.emit('close');
    return this;
  }
  get done(): boolean {
    return this.writableEnded || this.destroyed;
  }
}
