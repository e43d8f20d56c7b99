import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { SPORTMONKS_DEFAULT_BASE_URL } from '../../../src/vendors/sportmonks/provider';

describe('SportMonks settings', () => {
  it('are off without a token, with the documented base URL by default', () => {
    const c = loadConfig({});
    expect(c.sportmonks).toEqual({ apiToken: undefined, baseUrl: SPORTMONKS_DEFAULT_BASE_URL });
    expect(SPORTMONKS_DEFAULT_BASE_URL).toBe('https://cricket.sportmonks.com/api/v2.0');
  });

  it('read SPORTMONKS_API_TOKEN and SPORTMONKS_BASE_URL', () => {
    const c = loadConfig({ SPORTMONKS_API_TOKEN: ' tok-123 ', SPORTMONKS_BASE_URL: 'http://127.0.0.1:4420/api/v2.0' });
    expect(c.sportmonks).toEqual({ apiToken: 'tok-123', baseUrl: 'http://127.0.0.1:4420/api/v2.0' });
    expect(loadConfig({ SPORTMONKS_API_TOKEN: '  ' }).sportmonks.apiToken).toBeUndefined();
  });

  it('refuse a base URL that is not http or https', () => {
    expect(() => loadConfig({ SPORTMONKS_BASE_URL: 'ftp://cricket.sportmonks.com' })).toThrow(/SPORTMONKS_BASE_URL/);
  });

  it('can be overridden in part', () => {
    const c = loadConfig(
      { SPORTMONKS_API_TOKEN: 'x-token' },
      { sportmonks: { baseUrl: 'http://127.0.0.1:4421/api/v2.0' } },
    );
    expect(c.sportmonks).toEqual({ apiToken: 'x-token', baseUrl: 'http://127.0.0.1:4421/api/v2.0' });
  });
});
