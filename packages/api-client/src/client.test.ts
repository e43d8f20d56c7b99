import { describe, expect, it } from 'vitest';
import {
  createApiClient,
  errorMessage,
  isLoginFailure,
  LOGIN_FAILURE_MESSAGE,
  LoginFailedError,
  login,
  loginResultOrThrow,
  readCookie,
} from './client';

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

/** A browser stand-in: a cookie jar behind document.cookie that GET /api/session fills, like the API. */
function browserWithoutCookie(sessionAnswer: 'sets-cookie' | 'no-cookie' | 'network-error' = 'sets-cookie') {
  const g = globalThis as { document?: { cookie: string } };
  const previous = g.document;
  const doc = { cookie: '' };
  g.document = doc;
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    if (input.method === 'GET' && new URL(input.url).pathname === '/api/session') {
      if (sessionAnswer === 'network-error') throw new TypeError('offline');
      await new Promise((r) => setTimeout(r, 5)); // concurrent calls overlap it
      if (sessionAnswer === 'sets-cookie') doc.cookie = 'XSRF-TOKEN=primed%3D1';
      return new Response(null, { status: 204 });
    }
    const token = input.headers.get('X-XSRF-TOKEN');
    const ok = input.method === 'GET' || token === 'primed=1';
    return new Response(
      JSON.stringify(
        ok
          ? { status: 'failure', message: 'Wrong email or password.' }
          : { error: { message: 'Missing or invalid XSRF token.' } },
      ),
      {
        status: ok ? 200 : 403,
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  return {
    requests,
    fetch: fetch as unknown as typeof globalThis.fetch,
    restore: () => {
      g.document = previous;
    },
  };
}

describe('the XSRF cookie before the first unsafe call', () => {
  const body = { email: 'a@b.co', password: 'nope' };

  it('fetches GET /session once when there is no cookie, then sends the token', async () => {
    const browser = browserWithoutCookie();
    try {
      const api = createApiClient({ fetch: browser.fetch });
      const first = await api.POST('/user/authenticate_user', { body });
      expect(first.response.status).toBe(200);
      await api.POST('/user/authenticate_user', { body });
      const paths = browser.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
      expect(paths).toEqual([
        'GET /api/session',
        'POST /api/user/authenticate_user',
        'POST /api/user/authenticate_user',
      ]);
      expect(browser.requests[1]?.headers.get('X-XSRF-TOKEN')).toBe('primed=1');
      expect(browser.requests[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    } finally {
      browser.restore();
    }
  });

  it('shares one priming request between concurrent unsafe calls', async () => {
    const browser = browserWithoutCookie();
    try {
      const api = createApiClient({ fetch: browser.fetch });
      const answers = await Promise.all([1, 2, 3].map(() => api.POST('/user/authenticate_user', { body })));
      expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200]);
      expect(browser.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    } finally {
      browser.restore();
    }
  });

  it('does not prime for GETs, nor for an absolute base URL (another origin never gets the token)', async () => {
    const browser = browserWithoutCookie();
    try {
      await createApiClient({ fetch: browser.fetch }).GET('/faq/');
      await createApiClient({ fetch: browser.fetch, baseUrl: 'https://api.example.com/api' }).POST(
        '/user/authenticate_user',
        { body },
      );
      expect(browser.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        'GET /api/faq/',
        'POST /api/user/authenticate_user',
      ]);
      expect(browser.requests[1]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    } finally {
      browser.restore();
    }
  });

  it('sends the call anyway when no cookie can be had, so the server says why (403)', async () => {
    for (const answer of ['no-cookie', 'network-error'] as const) {
      const browser = browserWithoutCookie(answer);
      try {
        const { response, error } = await createApiClient({ fetch: browser.fetch }).POST('/user/authenticate_user', {
          body,
        });
        expect(response.status).toBe(403);
        expect(errorMessage(error)).toBe('Missing or invalid XSRF token.');
      } finally {
        browser.restore();
      }
    }
  });
});

describe('sign-in answers', () => {
  const response = (status: number) =>
    new Response(null, { status, statusText: status === 429 ? 'Too Many Requests' : '' });
  const success = { status: 'success', user_id: 7, first_name: 'Sam', last_name: 'Sixer', email: 's@x.co' } as const;

  it('tells the "200 with status failure" answer apart', () => {
    expect(isLoginFailure({ status: 'failure', message: 'Wrong email or password.' })).toBe(true);
    expect(isLoginFailure(success)).toBe(false);
    expect(isLoginFailure(undefined)).toBe(false);
  });

  it('turns a refused sign-in into an error errorMessage() reads', () => {
    const refused = () =>
      loginResultOrThrow({ data: { status: 'failure', message: 'Wrong email or password.' }, response: response(200) });
    expect(refused).toThrow(LoginFailedError);
    try {
      refused();
    } catch (err) {
      expect(errorMessage(err)).toBe('Wrong email or password.');
      expect((err as LoginFailedError).result.status).toBe('failure');
    }
    try {
      loginResultOrThrow({ data: { status: 'failure' }, response: response(200) });
    } catch (err) {
      expect(errorMessage(err)).toBe(LOGIN_FAILURE_MESSAGE);
    }
  });

  it('returns the success typed, and throws HTTP errors with the server message', async () => {
    const user = loginResultOrThrow({ data: success, response: response(200) });
    expect(user.user_id).toBe(7);
    let caught: unknown;
    try {
      loginResultOrThrow({ error: { error: { message: 'Email verification is pending.' } }, response: response(400) });
    } catch (err) {
      caught = err;
    }
    expect(caught).not.toBeInstanceOf(LoginFailedError);
    expect(errorMessage(caught)).toBe('Email verification is pending.');
    expect(() => loginResultOrThrow({ error: undefined, response: response(429) })).toThrow(
      'Login failed: 429 Too Many Requests',
    );
  });

  it('login() goes through the client (XSRF priming included)', async () => {
    const browser = browserWithoutCookie();
    try {
      const api = createApiClient({ fetch: browser.fetch });
      await expect(login(api, { email: 'a@b.co', password: 'nope' })).rejects.toThrow('Wrong email or password.');
    } finally {
      browser.restore();
    }
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%20y; b=2')).toBe('x y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
  });
});
