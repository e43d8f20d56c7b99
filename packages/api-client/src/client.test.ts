import { describe, expect, it } from 'vitest';
import { createApiClient, errorMessage, readCookie } from './client';

/** A fetch that records the requests it receives and answers with JSON. */
function recordingFetch(
  status = 200,
  body: unknown = {
    FirstName: 'A',
    LastName: 'B',
    EmailID: 'a@b.co',
    MissingPickNotification: true,
    UseAIAutoPick: false,
  },
) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch: fetch as unknown as typeof globalThis.fetch };
}

function withCookie<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  const g = globalThis as { document?: { cookie: string } };
  const previous = g.document;
  g.document = { cookie };
  return run().finally(() => {
    g.document = previous;
  });
}

describe('createApiClient', () => {
  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on unsafe requests to relative URLs', async () => {
    const { requests, fetch } = recordingFetch();
    const api = createApiClient({ fetch, baseUrl: 'http://localhost/api' });
    const relative = createApiClient({ fetch });
    await withCookie('other=1; XSRF-TOKEN=abc%3D123', async () => {
      await relative.PUT('/user/{userId}', {
        params: { path: { userId: 7 } },
        body: { missing_pick_notification: true, use_ai_auto_pick: false },
      });
      await relative.GET('/user/{userId}', { params: { path: { userId: 7 } } });
      await api.PUT('/user/{userId}', {
        params: { path: { userId: 7 } },
        body: { missing_pick_notification: true, use_ai_auto_pick: false },
      });
    });
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(requests[0]?.url).toMatch(/\/api\/user\/7$/);
    expect(requests[1]?.headers.get('X-XSRF-TOKEN')).toBeNull(); // GET
    expect(requests[2]?.headers.get('X-XSRF-TOKEN')).toBeNull(); // absolute base URL: another origin
  });

  it('reports activity for every call, failed ones included', async () => {
    const events: number[] = [];
    const ok = createApiClient({ fetch: recordingFetch().fetch, onActivity: (d) => events.push(d) });
    await ok.GET('/faq/');
    const failing = createApiClient({
      fetch: (async () => {
        throw new TypeError('network down');
      }) as unknown as typeof fetch,
      onActivity: (d) => events.push(d),
    });
    await expect(failing.GET('/faq/')).rejects.toThrow('network down');
    expect(events).toEqual([1, -1, 1, -1]);
  });

  it('exposes the server error message', async () => {
    const { fetch } = recordingFetch(403, { error: { message: 'Not yours.' } });
    const api = createApiClient({ fetch });
    const { error, response } = await api.GET('/user/{userId}', { params: { path: { userId: 1 } } });
    expect(response.status).toBe(403);
    expect(errorMessage(error)).toBe('Not yours.');
    expect(errorMessage({})).toBeUndefined();
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%20y; b=2')).toBe('x y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
  });
});
