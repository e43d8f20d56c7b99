import { type ClientRequest, request } from 'node:http';

/**
 * Many Server-Sent Events clients in one process, driven by the benchmark over IPC (bench/live.ts).
 * Plain `http.request` streams (no EventSource: the client should cost as little as possible), each
 * recording the id of every event it gets and when it got it, on the clock the benchmark uses too:
 * `performance.timeOrigin + performance.now()` — the same system clock in both processes on one
 * machine, so an arrival time minus the benchmark's "ball sent" time is the ball's delay to this
 * client (including this process's own delay in reading the socket: a conservative figure).
 *
 * Messages in: `open` (targets, path, cookie), `report` (the balls and the ids expected), `close`.
 * Messages out: `opened`, `report`.
 */

export interface OpenMessage {
  type: 'open';
  targets: { url: string; count: number }[];
  path: string;
  cookie: string;
  /** Connections being opened at once. */
  concurrency: number;
  timeoutMs: number;
}

export interface ReportMessage {
  type: 'report';
  /** Each ball: when the benchmark called the ingest, and the ids of its events on the clients' topics. */
  balls: { t0: number; t1: number; ids: number[] }[];
  /** Every id the clients should have got, once each. */
  expected: number[];
}

export interface OpenedReply {
  type: 'opened';
  opened: number;
  failed: number;
  firstError: string | null;
  perTarget: number[];
  ms: number;
}

export interface WorkerReport {
  type: 'report';
  clients: number;
  /** Clients whose stream ended or failed before the report. */
  dropped: number;
  /** ball event → client, ms, over every (client, ball). */
  first: { p50: number; p99: number; max: number; n: number };
  /** the ingest's commit (its call returned) → the ball event at a client, ms: the delivery alone. */
  delivery: { p50: number; p99: number; max: number; n: number };
  /** last event of the ball → client, ms. */
  last: { p50: number; p99: number; max: number; n: number };
  /** Exactly once: (client, expected id) pairs missing, ids received more than once, ids not expected. */
  missing: number;
  duplicates: number;
  unexpected: number;
  framesReceived: number;
  /** For each ball: ms from the first client's arrival of its first event to the last client's of its last. */
  fanOutMs: number[];
}

interface Client {
  req: ClientRequest;
  ids: number[];
  times: number[];
  buffer: string;
  ended: boolean;
}

const now = () => performance.timeOrigin + performance.now();
const clients: Client[] = [];

function openOne(url: URL, path: string, cookie: string, timeoutMs: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout opening the stream'));
    }, timeoutMs);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        agent: false,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        clearTimeout(timer);
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`status ${res.statusCode}`));
          return;
        }
        const c: Client = { req, ids: [], times: [], buffer: '', ended: false };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const t = now();
          c.buffer += chunk;
          let i = c.buffer.indexOf('\n\n');
          while (i >= 0) {
            const frame = c.buffer.slice(0, i);
            c.buffer = c.buffer.slice(i + 2);
            if (frame.startsWith('id: ')) {
              const nl = frame.indexOf('\n');
              c.ids.push(Number(frame.slice(4, nl < 0 ? undefined : nl)));
              c.times.push(t);
            }
            i = c.buffer.indexOf('\n\n');
          }
        });
        const end = () => {
          c.ended = true;
        };
        res.on('end', end);
        res.on('error', end);
        req.on('error', end);
        resolve(c);
      },
    );
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end();
  });
}

async function open(m: OpenMessage): Promise<OpenedReply> {
  const t0 = Date.now();
  // Interleaved targets, so two processes get their streams at the same time.
  const jobs: { url: URL; target: number }[] = [];
  const most = Math.max(...m.targets.map((t) => t.count));
  for (let i = 0; i < most; i++)
    m.targets.forEach((t, target) => {
      if (i < t.count) jobs.push({ url: new URL(t.url), target });
    });
  let next = 0;
  let failed = 0;
  let firstError: string | null = null;
  const perTarget = m.targets.map(() => 0);
  const until = Date.now() + m.timeoutMs;
  async function lane() {
    while (next < jobs.length && Date.now() < until) {
      const job = jobs[next++]!;
      try {
        clients.push(await openOne(job.url, m.path, m.cookie, m.timeoutMs));
        perTarget[job.target]! += 1;
      } catch (e) {
        failed += 1;
        firstError ??= e instanceof Error ? e.message : String(e);
      }
    }
  }
  await Promise.all(Array.from({ length: m.concurrency }, lane));
  return { type: 'opened', opened: clients.length, failed, firstError, perTarget, ms: Date.now() - t0 };
}

function percentiles(values: Float64Array) {
  const s = values.slice().sort();
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN);
  return { p50: at(0.5), p99: at(0.99), max: s.length ? s[s.length - 1]! : Number.NaN, n: s.length };
}

function report(m: ReportMessage): WorkerReport {
  const expected = new Set(m.expected);
  const first = new Float64Array(clients.length * m.balls.length);
  const last = new Float64Array(clients.length * m.balls.length);
  const delivery = new Float64Array(clients.length * m.balls.length);
  let nFirst = 0;
  let nLast = 0;
  let missing = 0;
  let duplicates = 0;
  let unexpected = 0;
  let frames = 0;
  const spanFrom = m.balls.map(() => Number.POSITIVE_INFINITY);
  const spanTo = m.balls.map(() => 0);
  for (const c of clients) {
    frames += c.ids.length;
    const at = new Map<number, number>();
    for (let i = 0; i < c.ids.length; i++) {
      const id = c.ids[i]!;
      if (at.has(id)) duplicates += 1;
      else at.set(id, c.times[i]!);
      if (!expected.has(id)) unexpected += 1;
    }
    for (const id of expected) if (!at.has(id)) missing += 1;
    m.balls.forEach((b, k) => {
      const a = at.get(b.ids[0]!);
      if (a !== undefined) {
        delivery[nFirst] = a - b.t1;
        first[nFirst++] = a - b.t0;
        spanFrom[k] = Math.min(spanFrom[k]!, a);
      }
      let end = 0;
      for (const id of b.ids) end = Math.max(end, at.get(id) ?? Number.POSITIVE_INFINITY);
      if (Number.isFinite(end)) {
        last[nLast++] = end - b.t0;
        spanTo[k] = Math.max(spanTo[k]!, end);
      }
    });
  }
  return {
    type: 'report',
    clients: clients.length,
    dropped: clients.filter((c) => c.ended).length,
    first: percentiles(first.subarray(0, nFirst)),
    delivery: percentiles(delivery.subarray(0, nFirst)),
    last: percentiles(last.subarray(0, nLast)),
    missing,
    duplicates,
    unexpected,
    framesReceived: frames,
    fanOutMs: m.balls.map((_, k) => spanTo[k]! - spanFrom[k]!),
  };
}

process.on('message', (m: OpenMessage | ReportMessage | { type: 'close' }) => {
  if (m.type === 'open') void open(m).then((r) => process.send!(r));
  else if (m.type === 'report') process.send!(report(m));
  else if (m.type === 'close') {
    for (const c of clients) c.req.destroy();
    setTimeout(() => process.exit(0), 200);
  }
});
process.on('disconnect', () => process.exit(0));
