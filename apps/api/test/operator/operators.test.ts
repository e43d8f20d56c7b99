import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/http/errors';
import { operatorMessages } from '../../src/operator/access';
import { auditPage, grantOperator, operatorRules, revokeOperator } from '../../src/operator/operators';
import { DB_TARGET } from '../db';
import { type SignedIn, signUp, startTestApp, type TestApp, uniqueEmail } from '../helpers';
import { auditRows, cli } from './setup';

let t: TestApp;
let ada: SignedIn;
let bo: SignedIn;
let cy: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  ada = await signUp(t, uniqueEmail('ada'), { first: 'Ada', last: 'Lovelace' });
  bo = await signUp(t, uniqueEmail('bo'), { first: 'Bo', last: 'Diddley' });
  cy = await signUp(t, uniqueEmail('cy'), { first: 'Cy', last: 'Young' });
});
afterAll(async () => {
  await t.close();
});

const operatorIds = async () =>
  (await t.db.selectFrom('operators').select('user_id').orderBy('user_id').execute()).map((r) => r.user_id);

describe(`operators from the command line on ${DB_TARGET}`, () => {
  it('lists nobody at first, and refuses an email without an account (exit 1, nothing written)', async () => {
    const none = await cli(t.db, ['operators']);
    expect(none.code).toBe(0);
    expect(none.out.join('\n')).toMatch(/No operators yet/);

    const unknown = await cli(t.db, ['operator', 'grant', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual([operatorRules.unknownAccount('nobody@example.com')]);
    expect(await operatorIds()).toEqual([]);
    expect(await auditRows(t.db)).toEqual([]);
  });

  it('grants the first operator (any case of the email), audited as the CLI with the operator after', async () => {
    const r = await cli(t.db, ['operator', 'grant', ada.email.toUpperCase()]);
    expect(r.code, r.err.join()).toBe(0);
    expect(r.out).toEqual([`${ada.email} (Ada Lovelace) is now an operator`]);
    expect(await operatorIds()).toEqual([ada.userId]);

    const [entry, ...more] = await auditRows(t.db);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_user_id: null,
      actor_label: 'cli (tester)',
      action: 'operator.grant',
      target: ada.email,
      before: null,
      after: { UserID: ada.userId, Name: 'Ada Lovelace', Email: ada.email, GrantedBy: 'cli (tester)' },
    });

    const list = await cli(t.db, ['operators']);
    expect(list.out).toHaveLength(1);
    expect(list.out[0]).toContain(ada.email);
    expect(list.out[0]).toContain('granted by cli (tester)');
  });

  it('granting an operator again changes nothing and records nothing', async () => {
    const before = await auditRows(t.db);
    const r = await cli(t.db, ['operator', 'grant', ada.email]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/already an operator: nothing changed/);
    expect(await auditRows(t.db)).toEqual(before);
  });

  it('refuses to revoke the last operator (exit 1) and someone who is not one', async () => {
    const before = await auditRows(t.db);
    const last = await cli(t.db, ['operator', 'revoke', ada.email]);
    expect([last.code, last.err]).toEqual([1, [operatorRules.lastOperator]]);
    const notOne = await cli(t.db, ['operator', 'revoke', bo.email]);
    expect([notOne.code, notOne.err]).toEqual([1, [operatorRules.notAnOperator(bo.email)]]);
    expect(await operatorIds()).toEqual([ada.userId]);
    expect(await auditRows(t.db)).toEqual(before);
  });

  it('revokes when another operator remains, with the operator before and nothing after', async () => {
    expect((await cli(t.db, ['operator', 'grant', cy.email])).code).toBe(0);
    const r = await cli(t.db, ['operator', 'revoke', cy.email], { userId: null, label: 'cli (root)' });
    expect([r.code, r.out]).toEqual([0, [`${cy.email} (Cy Young) is no longer an operator`]]);
    expect(await operatorIds()).toEqual([ada.userId]);
    const entry = (await auditRows(t.db)).at(-1)!;
    expect(entry).toMatchObject({
      actor_label: 'cli (root)',
      action: 'operator.revoke',
      target: cy.email,
      before: { UserID: cy.userId, Email: cy.email, Name: 'Cy Young' },
      after: null,
    });
  });

  it('leaves other commands to the rest of the CLI', async () => {
    expect((await cli(t.db, ['operator', 'promote', ada.email])).code).toBeUndefined();
    expect((await cli(t.db, ['stats'])).code).toBeUndefined();
  });
});

describe(`operators through the API on ${DB_TARGET}`, () => {
  it('is for operators only: 401 without a session, 403 for someone who is not one', async () => {
    const anon = await t.client().get('/api/operator/operators');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBe(apiMessages.notSignedIn);
    const notOne = await bo.client.post('/api/operator/operators', { Email: bo.email });
    expect(notOne.statusCode).toBe(403);
    expect(notOne.json().error.message).toBe(operatorMessages.notOperator);
    expect(await operatorIds()).toEqual([ada.userId]);
  });

  it('tells each signed-in person whether they are an operator', async () => {
    expect((await ada.client.get('/api/operator/status')).json()).toEqual({ Operator: true });
    expect((await bo.client.get('/api/operator/status')).json()).toEqual({ Operator: false });
  });

  it('an operator grants by email: the new operator, the audit entry naming who did it', async () => {
    const res = await ada.client.post('/api/operator/operators', { Email: ` ${bo.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ UserID: bo.userId, Name: 'Bo Diddley', Email: bo.email });
    expect(res.json().GrantedBy).toBe(`Ada Lovelace <${ada.email}>`);
    expect((await bo.client.get('/api/operator/status')).json()).toEqual({ Operator: true });

    const list = (await bo.client.get('/api/operator/operators')).json();
    expect(list.map((o: { UserID: number }) => o.UserID)).toEqual([ada.userId, bo.userId]);

    const audit = (await bo.client.get('/api/operator/audit')).json();
    expect(audit.Entries[0]).toMatchObject({
      Actor: `Ada Lovelace <${ada.email}>`,
      ActorUserID: ada.userId,
      Action: 'operator.grant',
      Target: bo.email,
      Before: null,
      After: { UserID: bo.userId, Email: bo.email },
    });
  });

  it('granting again answers the operator and records nothing; an unknown email is 404 with a message', async () => {
    const before = await auditRows(t.db);
    const again = await ada.client.post('/api/operator/operators', { Email: bo.email });
    expect([again.statusCode, again.json().UserID]).toEqual([200, bo.userId]);
    const unknown = await ada.client.post('/api/operator/operators', { Email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(operatorRules.unknownAccount('ghost@example.com'));
    expect(await auditRows(t.db)).toEqual(before);
  });

  it('revokes: 404 for someone who is not an operator, then the revoked operator is refused at once', async () => {
    const notOne = await ada.client.post('/api/operator/operators/revoke', { Email: cy.email });
    expect([notOne.statusCode, notOne.json().error.message]).toEqual([404, operatorRules.notAnOperator(cy.email)]);

    const res = await ada.client.post('/api/operator/operators/revoke', { Email: bo.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(operatorRules.revoked(bo.email));
    expect((await bo.client.get('/api/operator/operators')).statusCode).toBe(403);
    expect((await bo.client.get('/api/operator/status')).json()).toEqual({ Operator: false });
    const entry = (await auditRows(t.db)).at(-1)!;
    expect(entry).toMatchObject({
      actor_user_id: ada.userId,
      action: 'operator.revoke',
      target: bo.email,
      before: { UserID: bo.userId, GrantedBy: `Ada Lovelace <${ada.email}>` },
      after: null,
    });
  });

  it('the last operator cannot revoke themselves (400 with the reason, nothing changed)', async () => {
    const before = await auditRows(t.db);
    const res = await ada.client.post('/api/operator/operators/revoke', { Email: ada.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(operatorRules.lastOperator);
    expect(await operatorIds()).toEqual([ada.userId]);
    expect(await auditRows(t.db)).toEqual(before);
  });

  it('two operators revoking each other at once leave one of them', async () => {
    const actor = (p: SignedIn, name: string) => ({ userId: p.userId, label: name });
    await grantOperator(t.db, actor(ada, 'Ada'), cy.email);
    const results = await Promise.allSettled([
      revokeOperator(t.db, actor(ada, 'Ada'), cy.email),
      revokeOperator(t.db, actor(cy, 'Cy'), ada.email),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(operatorRules.lastOperator);
    expect(await operatorIds()).toHaveLength(1);
    // Put Ada back as the one operator for the tests below.
    const [left] = await operatorIds();
    if (left !== ada.userId) {
      await grantOperator(t.db, actor(cy, 'Cy'), ada.email);
      await revokeOperator(t.db, actor(ada, 'Ada'), cy.email);
    }
    expect(await operatorIds()).toEqual([ada.userId]);
  });
});

describe(`the audit log on ${DB_TARGET}`, () => {
  it('pages newest first by AuditID until NextBefore is null', async () => {
    const all = await auditRows(t.db);
    expect(all.length).toBeGreaterThan(5);
    const seen: number[] = [];
    let before: number | null | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const res = await ada.client.get(`/api/operator/audit?limit=2${before ? `&before=${before}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.Entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.Entries.map((e: { AuditID: number }) => e.AuditID));
      before = page.NextBefore;
      if (before === null) break;
      expect(before).toBe(page.Entries.at(-1).AuditID);
    }
    expect(seen).toEqual(all.map((r) => r.id).reverse());
    const first = await auditPage(t.db, { limit: 1 });
    expect(first.Entries[0]!.AuditID).toBe(all.at(-1)!.id);
    expect(new Date(first.Entries[0]!.At).getTime()).toBe(all.at(-1)!.at.getTime());
  });

  it('refuses a page number below 1 with a 400', async () => {
    expect((await ada.client.get('/api/operator/audit?before=0')).statusCode).toBe(400);
    expect((await ada.client.get('/api/operator/audit?limit=500')).statusCode).toBe(400);
  });
});
