import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (apps/api/src → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The demo season's pace (DEMO_PACE): how long a demo match takes to play live and how often one
 * starts. `<match minutes>/<every minutes>`, e.g. `15/25` (the default: a T20 replayed in 15 minutes,
 * a fixture every 25 minutes), fractions allowed (`1/1.5` for end-to-end tests); `<match minutes>`
 * alone starts one every match + 10 minutes. `daily` keeps the old calendar: daily 10:00 and 14:00 UTC
 * fixtures, played instantly once started (no live replay).
 *
 * The pace keeps a promise: at any time a demo fixture is live or starts within 15 minutes, so
 * `every` may exceed `match` by at most DEMO_MAX_GAP_MS. The default also keeps the newcomer's: someone
 * who signs up just after a start picks for the next fixture, which starts within 25 minutes (live
 * points within 30) and ends within 40 (final standings within 45).
 */
export interface DemoPace {
  /** A fixture's replay lasts this long, from its start time. */
  matchMs: number;
  /** Fixtures start on a grid of this step (multiples of it since the Unix epoch, UTC). */
  everyMs: number;
}

export const DEMO_MAX_GAP_MS = 15 * 60_000;
export const DEFAULT_DEMO_PACE: DemoPace = { matchMs: 15 * 60_000, everyMs: 25 * 60_000 };

const MINUTES = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?)\s*)?$/;

/** DEMO_PACE → the pace, or 'daily'; throws on a malformed value or a gap over 15 minutes. */
export function parseDemoPace(value: string | undefined): DemoPace | 'daily' {
  if (value === undefined || value.trim() === '') return DEFAULT_DEMO_PACE;
  if (value.trim() === 'daily') return 'daily';
  const m = MINUTES.exec(value);
  if (!m)
    throw new Error(`DEMO_PACE must be "<match minutes>/<every minutes>" (e.g. 15/25) or "daily", got "${value}"`);
  const match = Number(m[1]);
  const every = m[2] === undefined ? match + 10 : Number(m[2]);
  if (!(match > 0) || every < match)
    throw new Error(`DEMO_PACE: a match (${match} min) must be positive and no longer than the step (${every} min)`);
  const pace = { matchMs: Math.round(match * 60_000), everyMs: Math.round(every * 60_000) };
  if (pace.everyMs - pace.matchMs > DEMO_MAX_GAP_MS)
    throw new Error(`DEMO_PACE: fixtures every ${every} min leave more than 15 min between ${match}-min matches`);
  return pace;
}

/** Session lifetime and idle timeout (`Config.session`). */
export const SESSION_DEFAULTS = { absoluteMs: 30 * DAY, idleMs: 7 * DAY, touchIntervalMs: MINUTE } as const;

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Backoff on one key (an account, an email address): `free` attempts, then each further attempt must
 * wait `baseMs` after the previous one, doubling up to `maxMs`. A key left alone for `forgetMs` starts
 * again from zero; a success can clear it sooner (docs/decisions/0012-rate-limits.md).
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  /** True when NODE_ENV=production: Secure cookies, HSTS, upgrade-insecure-requests. */
  production: boolean;
  dataDir: string;
  /** PostgreSQL connection string; unset → embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** Send mail over SMTP when set; otherwise write .eml files into `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** Public base URL of the web app, used in email links (no trailing slash). */
  appUrl: string;
  supportEmail: string;
  mailFrom: string;
  webDist: string;
  logLevel: string;
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  trustProxy: boolean;
  /** Load the demo season at start-up and play its fixtures as their start times pass (DEMO_SEASON=off to skip). */
  demoSeason: boolean;
  /** DEMO_PACE: `<match minutes>/<every minutes>` (default 15/25: a fixture live or starting within 10 min), or `daily`. */
  demoPace: DemoPace | 'daily';
  session: {
    /** A session ends this long after sign-in, whatever happens. */
    absoluteMs: number;
    /** A session ends after this long without a request. */
    idleMs: number;
    /** last_seen_at is written at most this often. */
    touchIntervalMs: number;
  };
  tokens: { verifyEmailMs: number; resetPasswordMs: number };
  /** Per client address (fixed windows); numbers and reasons: docs/decisions/0012-rate-limits.md. */
  rateLimits: {
    /** Failed sign-ins per address, whatever the email (one password tried on many accounts). */
    loginPerAddress: RateLimit;
    /** Verification emails asked for per address, whatever the email (mail sent to many addresses). */
    resendVerificationPerAddress: RateLimit;
    /** Password-reset emails asked for per address, whatever the email. */
    forgotPasswordPerAddress: RateLimit;
    changePassword: RateLimit;
    register: RateLimit;
    /** Registrations answered "already exists" per address (finding out which emails have accounts). */
    registerTaken: RateLimit;
    contact: RateLimit;
    unsubscribe: RateLimit;
    /** League codes not found, per account (guessing a private league's code). */
    joinCodeFailedPerAccount: RateLimit;
    /** League codes not found, per address, whatever the account (the same from many accounts). */
    joinCodeFailedPerAddress: RateLimit;
  };
  /** Per account or email address, whatever the client address. */
  backoff: {
    /** Sign-in attempts on one account (guessing its password); a correct password clears it. */
    login: Backoff;
    /** Verification emails to one address; following a link clears it. */
    resendVerification: Backoff;
    /** Password-reset emails to one address; a completed reset clears it. */
    forgotPassword: Backoff;
  };
  email: {
    /** How often the delivery worker looks for due messages (besides being kicked after each queueing). */
    pollIntervalMs: number;
    batchSize: number;
    /** After this many failed attempts a message is marked failed and left alone. */
    maxAttempts: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    /** A claimed message is retried by any worker after this long if its sender died mid-send. */
    leaseMs: number;
  };
  /** Expired sessions, old rate-limit windows and old sent mail are purged this often. */
  housekeepingIntervalMs: number;
  /** How often the lock-time auto-pick and the pick reminders run (PICK_JOBS_INTERVAL_MS). */
  pickJobsIntervalMs: number;
  /** A reminder goes out for fixtures starting within this many hours (REMINDER_WINDOW_HOURS, may be fractional). */
  reminderWindowHours: number;
  /** The scheduled Cricsheet fetch (docs/data.md, "Results that arrive by themselves"; decision 0027). */
  cricsheetFetch: CricsheetFetchConfig;
  /** A fixture's result email waits until its result has not changed for this long (RESULT_EMAIL_DELAY_MS). */
  resultEmailDelayMs: number;
  /**
   * Open live event streams (`GET /live/stream`) one API process accepts; every stream holds a file
   * descriptor as long as it is open. Counted in each process (docs/reliability.md, "Live streams").
   */
  liveStreams: {
    /** LIVE_STREAMS_PER_SESSION (default 8): a browser needs one per tab. */
    perSession: number;
    /** LIVE_STREAMS_PER_ADDRESS (default 64), times RATE_LIMIT_MULTIPLIER: several people behind one address. */
    perAddress: number;
    /** LIVE_STREAMS_MAX (default half the process's open-file limit, at most 10,000). */
    perProcess: number;
  };
  /** Files read by the console's uploads and the scheduled fetch (docs/reliability.md, "Uploaded and fetched files"). */
  fileLimits: FileLimits;
  /** SportMonks Cricket API v2 (docs/data.md, "Connecting a data vendor: SportMonks"); the token is never logged. */
  sportmonks: { apiToken: string | undefined; baseUrl: string };
  /** Entity Sport Cricket API v2 (docs/data.md, "Connecting a data vendor"): the keys are secrets, never logged or returned. */
  entitySport: { accessKey: string | undefined; secretKey: string | undefined; baseUrl: string };
  /** How often each process looks whether a connected vendor's sync is due (VENDOR_SYNC_TICK_S, default 30). */
  vendorSyncTickMs: number;
}

/**
 * What one console upload or fetched download may hold, and what reading one file may cost. The
 * files are read (unzipped, decoded, parsed, checked) in a worker thread of their own.
 */
export type FileLimits = {
  /** IMPORT_FILE_MAX_MB (default 8): one file as received or unpacked (a Cricsheet match is 0.1–1 MB). */
  fileBytes: number;
  /** IMPORT_UNZIPPED_MAX_MB (default 200): all files of one upload or download after unpacking. */
  totalBytes: number;
  /** Files in one upload or download after unpacking. */
  files: number;
  /** JSON values (object keys included) or CSV cells of one file: a T20 match file has about 5,000. */
  values: number;
  /** Levels of nesting of one JSON file (a Cricsheet match has 11). */
  depth: number;
  /** Rows of one schedule or squads file. */
  rows: number;
  /**
   * IMPORT_READER_HEAP_MB (default 256): the reading thread's heap, a backstop (the caps above keep a
   * file's parse within about 64 MB); a file needing more is refused.
   */
  readerHeapMb: number;
  /** A file that takes longer than this to read is refused. */
  readTimeoutMs: number;
};

/** The default file limits (the settings' defaults). */
export const DEFAULT_FILE_LIMITS: FileLimits = {
  fileBytes: 8 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
  files: 2000,
  values: 1_000_000,
  depth: 64,
  rows: 5000,
  readerHeapMb: 256,
  readTimeoutMs: 60_000,
};

// A type, not an interface: ConfigOverrides makes object-typed settings partial.
export type CricsheetFetchConfig = {
  /** CRICSHEET_FETCH_URL: a Cricsheet download (a zip of matches, or one match's JSON); unset, the fetch is off. */
  url: string | undefined;
  /** CRICSHEET_FETCH_INTERVAL_MINUTES (default 60): time from the end of one run to the next. */
  intervalMs: number;
  /** CRICSHEET_FETCH_TIMEOUT_S (default 120): the whole download, headers to last byte. */
  timeoutMs: number;
  /** CRICSHEET_FETCH_MAX_MB (default 100): a larger download is abandoned and the run fails. */
  maxBytes: number;
  /** A claimed run holds the job this long, renewed while it runs; a process that died frees it after this. */
  leaseMs: number;
  /** How often each process looks whether a run is due (never more often than the interval). */
  tickMs: number;
};

export type ConfigOverrides = {
  [K in keyof Config]?: Config[K] extends Record<string, unknown> ? Partial<Config[K]> : Config[K];
};

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function httpUrl(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http or https URL, got "${value}"`);
  return url.toString();
}

/**
 * The process's soft limit on open files (`ulimit -n`), from /proc/self/limits; undefined where that
 * file does not exist (not Linux) or says unlimited.
 */
export function openFileLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | undefined {
  let text: string;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const m = /^Max open files\s+(\d+)\s/m.exec(text);
  return m ? Number(m[1]) : undefined;
}

/**
 * The default cap on open live streams per process: half the open-file limit (the other half for the
 * database connections, the other requests and files), at most 10,000 (what one process was measured
 * to serve, docs/performance.md, "Live"); 10,000 where the limit cannot be read.
 */
export function defaultStreamCap(fileLimit: number | undefined): number {
  if (fileLimit === undefined) return 10_000;
  return Math.max(1, Math.min(10_000, Math.floor(fileLimit / 2)));
}

function nonNegativeInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  return n;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** A size setting in megabytes (fractions allowed), as bytes. */
function megabytes(value: string | undefined, fallbackBytes: number, name: string): number {
  return Math.round(positiveNumber(value, fallbackBytes / 1024 / 1024, name) * 1024 * 1024);
}

/** Reads the configuration from the environment (see README for the variables). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  // Raises every rate limit by a factor (end-to-end runs sign in many accounts from one address).
  const boost = positiveInt(env.RATE_LIMIT_MULTIPLIER, 1, 'RATE_LIMIT_MULTIPLIER');
  const per = (max: number, windowMs: number): RateLimit => ({ max: max * boost, windowMs });
  const backoff = (free: number, baseMs: number, maxMs: number, forgetMs: number): Backoff => ({
    free: free * boost,
    baseMs,
    maxMs,
    forgetMs,
  });
  const nodeEnv = env.NODE_ENV ?? 'development';
  const base: Config = {
    port,
    host: env.HOST || '127.0.0.1',
    nodeEnv,
    production: nodeEnv === 'production',
    dataDir: absolute(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    supportEmail: env.SUPPORT_EMAIL || 'support@fantasycricket.local',
    mailFrom: env.MAIL_FROM || 'Fantasy Cricket <no-reply@fantasycricket.local>',
    webDist: absolute(env.WEB_DIST || join('apps', 'web', 'dist')),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    demoSeason: env.DEMO_SEASON !== 'off',
    demoPace: parseDemoPace(env.DEMO_PACE),
    session: { ...SESSION_DEFAULTS },
    tokens: { verifyEmailMs: 48 * HOUR, resetPasswordMs: HOUR },
    rateLimits: {
      loginPerAddress: per(100, 15 * MINUTE),
      resendVerificationPerAddress: per(10, HOUR),
      forgotPasswordPerAddress: per(10, HOUR),
      changePassword: per(20, HOUR),
      register: per(100, HOUR),
      registerTaken: per(10, HOUR),
      contact: per(5, HOUR),
      unsubscribe: per(30, HOUR),
      joinCodeFailedPerAccount: per(10, 15 * MINUTE),
      joinCodeFailedPerAddress: per(100, HOUR),
    },
    backoff: {
      login: backoff(5, 30 * SECOND, 15 * MINUTE, DAY),
      resendVerification: backoff(3, MINUTE, 10 * MINUTE, HOUR),
      forgotPassword: backoff(3, MINUTE, 10 * MINUTE, HOUR),
    },
    email: {
      pollIntervalMs: 5_000,
      batchSize: 10,
      maxAttempts: 8,
      backoffBaseMs: 30_000,
      backoffMaxMs: HOUR,
      leaseMs: 5 * MINUTE,
    },
    housekeepingIntervalMs: HOUR,
    pickJobsIntervalMs: positiveInt(env.PICK_JOBS_INTERVAL_MS, MINUTE, 'PICK_JOBS_INTERVAL_MS'),
    reminderWindowHours: positiveNumber(env.REMINDER_WINDOW_HOURS, 24, 'REMINDER_WINDOW_HOURS'),
    cricsheetFetch: {
      url: httpUrl(env.CRICSHEET_FETCH_URL, 'CRICSHEET_FETCH_URL'),
      intervalMs: positiveInt(env.CRICSHEET_FETCH_INTERVAL_MINUTES, 60, 'CRICSHEET_FETCH_INTERVAL_MINUTES') * MINUTE,
      timeoutMs: positiveNumber(env.CRICSHEET_FETCH_TIMEOUT_S, 120, 'CRICSHEET_FETCH_TIMEOUT_S') * SECOND,
      maxBytes: Math.round(positiveNumber(env.CRICSHEET_FETCH_MAX_MB, 100, 'CRICSHEET_FETCH_MAX_MB') * 1024 * 1024),
      leaseMs: 2 * MINUTE,
      tickMs: MINUTE,
    },
    resultEmailDelayMs: nonNegativeInt(env.RESULT_EMAIL_DELAY_MS, 5 * MINUTE, 'RESULT_EMAIL_DELAY_MS'),
    liveStreams: {
      perSession: positiveInt(env.LIVE_STREAMS_PER_SESSION, 8, 'LIVE_STREAMS_PER_SESSION'),
      perAddress: positiveInt(env.LIVE_STREAMS_PER_ADDRESS, 64, 'LIVE_STREAMS_PER_ADDRESS') * boost,
      perProcess: positiveInt(env.LIVE_STREAMS_MAX, defaultStreamCap(openFileLimit()), 'LIVE_STREAMS_MAX'),
    },
    fileLimits: {
      ...DEFAULT_FILE_LIMITS,
      fileBytes: megabytes(env.IMPORT_FILE_MAX_MB, DEFAULT_FILE_LIMITS.fileBytes, 'IMPORT_FILE_MAX_MB'),
      totalBytes: megabytes(env.IMPORT_UNZIPPED_MAX_MB, DEFAULT_FILE_LIMITS.totalBytes, 'IMPORT_UNZIPPED_MAX_MB'),
      readerHeapMb: positiveInt(env.IMPORT_READER_HEAP_MB, DEFAULT_FILE_LIMITS.readerHeapMb, 'IMPORT_READER_HEAP_MB'),
    },
    sportmonks: {
      apiToken: env.SPORTMONKS_API_TOKEN?.trim() || undefined,
      baseUrl: httpUrl(env.SPORTMONKS_BASE_URL, 'SPORTMONKS_BASE_URL') ?? 'https://cricket.sportmonks.com/api/v2.0',
    },
    vendorSyncTickMs: positiveNumber(env.VENDOR_SYNC_TICK_S, 30, 'VENDOR_SYNC_TICK_S') * SECOND,
    entitySport: {
      accessKey: env.ENTITYSPORT_ACCESS_KEY || undefined,
      secretKey: env.ENTITYSPORT_SECRET_KEY || undefined,
      baseUrl: httpUrl(env.ENTITYSPORT_BASE_URL, 'ENTITYSPORT_BASE_URL') ?? 'https://rest.entitysport.com/v2',
    },
  };
  return {
    ...base,
    ...overrides,
    session: { ...base.session, ...overrides.session },
    tokens: { ...base.tokens, ...overrides.tokens },
    rateLimits: { ...base.rateLimits, ...overrides.rateLimits },
    backoff: { ...base.backoff, ...overrides.backoff },
    email: { ...base.email, ...overrides.email },
    cricsheetFetch: { ...base.cricsheetFetch, ...overrides.cricsheetFetch },
    liveStreams: { ...base.liveStreams, ...overrides.liveStreams },
    fileLimits: { ...base.fileLimits, ...overrides.fileLimits },
    sportmonks: { ...base.sportmonks, ...overrides.sportmonks },
    entitySport: { ...base.entitySport, ...overrides.entitySport },
  } as Config;
}
