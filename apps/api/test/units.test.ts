import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/accounts/password';
import { defaultStreamCap, loadConfig, openFileLimit, REPO_ROOT } from '../src/config';
import { firstLink } from '../src/email/transport';
import { describeValidation } from '../src/http/errors';

describe('passwords', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a random salt, and verifies', async () => {
    const a = await hashPassword('s3cret pass');
    const b = await hashPassword('s3cret pass');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret pass', a)).toBe(true);
    expect(await verifyPassword('s3cret pass ', a)).toBe(false);
    expect(await verifyPassword('s3cret pass', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('s3cret pass', 'scrypt$16384$8$1$abc$')).toBe(false);
  });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      supportEmail: 'support@fantasycricket.local',
      databaseUrl: undefined,
      smtpUrl: undefined,
      production: false,
    });
    expect(c.dataDir).toBe(`${REPO_ROOT}.data`);
    expect(c.webDist).toBe(`${REPO_ROOT}apps/web/dist`);
    expect(c.session).toEqual({ absoluteMs: 30 * 86_400_000, idleMs: 7 * 86_400_000, touchIntervalMs: 60_000 });
    expect(c.rateLimits.loginPerAddress).toEqual({ max: 100, windowMs: 15 * 60_000 });
    expect(c.backoff.login).toEqual({ free: 5, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 86_400_000 });
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/x',
      APP_URL: 'https://fc.example/',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      production: true,
      dataDir: '/tmp/x',
      appUrl: 'https://fc.example',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    const boosted = loadConfig({ RATE_LIMIT_MULTIPLIER: '20' });
    expect(boosted.rateLimits.register).toEqual({ max: 2_000, windowMs: 3_600_000 });
    expect(boosted.backoff.login.free).toBe(100);
  });

  it('caps open live streams per session, per address (times RATE_LIMIT_MULTIPLIER) and per process', () => {
    const limit = openFileLimit();
    expect(loadConfig({}).liveStreams).toEqual({ perSession: 8, perAddress: 64, perProcess: defaultStreamCap(limit) });
    expect(
      loadConfig({ LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_ADDRESS: '5', LIVE_STREAMS_MAX: '20000' })
        .liveStreams,
    ).toEqual({ perSession: 2, perAddress: 5, perProcess: 20_000 });
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '20' }).liveStreams.perAddress).toBe(1_280);
    expect(() => loadConfig({ LIVE_STREAMS_MAX: '0' })).toThrow(/LIVE_STREAMS_MAX/);
    expect(() => loadConfig({ LIVE_STREAMS_PER_SESSION: 'many' })).toThrow(/LIVE_STREAMS_PER_SESSION/);
    // Half the open-file limit, at most 10,000; 10,000 where the limit is unknown.
    expect(defaultStreamCap(1_024)).toBe(512);
    expect(defaultStreamCap(20_000)).toBe(10_000);
    expect(defaultStreamCap(1_048_576)).toBe(10_000);
    expect(defaultStreamCap(undefined)).toBe(10_000);
    const limits = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63704                63704                processes
Max open files            1024                 524288               files
`;
    expect(openFileLimit(() => limits)).toBe(1_024);
    expect(openFileLimit(() => limits.replace('1024  ', 'unlimited'))).toBeUndefined();
    expect(
      openFileLimit(() => {
        throw new Error('no /proc here');
      }),
    ).toBeUndefined();
    if (process.platform === 'linux') expect(limit).toBeGreaterThan(0);
  });
});

describe('helpers', () => {
  it('finds the first link of a text', () => {
    expect(firstLink('Hi\nOpen http://a.test/x?token=1 now https://b')).toBe('http://a.test/x?token=1');
    expect(firstLink('none')).toBe('');
  });

  it('describes schema violations in words', () => {
    const e = (keyword: string, instancePath: string, params: object) =>
      describeValidation([{ keyword, instancePath, params, schemaPath: '' }], 'body');
    expect(e('required', '', { missingProperty: 'email' })).toBe('email is required.');
    expect(e('additionalProperties', '', { additionalProperty: 'x' })).toBe('x is not an allowed field.');
    expect(e('type', '/use_ai_auto_pick', { type: 'boolean' })).toBe('use_ai_auto_pick must be a boolean.');
    expect(e('type', '/n', { type: 'integer' })).toBe('n must be an integer.');
    expect(e('type', '', { type: 'object' })).toBe('The request body must be a JSON object.');
    expect(e('enum', '/status', { allowedValues: ['a', 'b'] })).toBe('status must be one of: a, b.');
    expect(e('minimum', '/userId', { limit: 1 })).toBe('userId must be at least 1.');
  });
});
