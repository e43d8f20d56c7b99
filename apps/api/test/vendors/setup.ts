import type { ConfigOverrides } from '../../src/config';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../helpers';
import { type EsServer, startEsServer } from './entitysport/server';
import type { World } from './entitysport/world';

/** An app whose Entity Sport is the local server, with an operator, an ordinary user and its log lines. */
export interface VendorWorld {
  es: EsServer;
  t: TestApp;
  op: SignedIn;
  user: SignedIn;
  /** Every log line the app wrote (level trace). */
  logs: string[];
  close(): Promise<void>;
}

export async function startVendorWorld(world: World, overrides: ConfigOverrides = {}): Promise<VendorWorld> {
  const es = await startEsServer(world);
  const logs: string[] = [];
  const t = await startTestApp(
    {
      logLevel: 'trace',
      ...overrides,
      entitySport: { accessKey: undefined, secretKey: undefined, baseUrl: es.url, ...overrides.entitySport },
    },
    { logStream: { write: (line: string) => void logs.push(line) } },
  );
  const op = await signUp(t, undefined, { first: 'Olive', last: 'Operator' });
  const user = await signUp(t, undefined, { first: 'Uma', last: 'User' });
  await t.db
    .insertInto('operators')
    .values({ user_id: op.userId, granted_by: null, granted_by_label: 'cli (test)' })
    .execute();
  return {
    es,
    t,
    op,
    user,
    logs,
    async close() {
      await t.close();
      await es.close();
    },
  };
}
