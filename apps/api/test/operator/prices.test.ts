import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import {
  addFixture,
  type LeagueWorld,
  makeLeague,
  person,
  playersOf,
  startFixture,
  startLeagueWorld,
} from '../picks/setup';
import { makeOperator } from './setup';

/** The console's player prices (issue 27): read with their source, set by an operator (audited), frozen at the start. */
describe(`operator prices on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let op: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    w = await startLeagueWorld();
    op = await person(w.t, 'Olu', 'Operator');
    player = await person(w.t, 'Pia', 'Player');
    await makeOperator(w.t.db, op);
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('lists both squads with prices from form, sets one (audited) that the team sheet then shows, and freezes at the start', async () => {
    const f = await addFixture(w, 3 * 86_400_000);
    const list = await op.client.get(`/api/operator/fixtures/${f.id}/prices`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { Frozen: boolean; Players: { PlayerID: number; Price: number; Source: string }[] };
    expect(body.Frozen).toBe(false);
    const squad = await playersOf(op, f.id);
    expect(body.Players.map((p) => p.PlayerID).sort()).toEqual(squad.map((p) => p.PlayerID).sort());
    for (const p of body.Players) {
      expect(p.Source).toBe('form');
      expect(p.Price).toBeGreaterThanOrEqual(6);
      expect(p.Price).toBeLessThanOrEqual(11);
      expect((p.Price * 2) % 1).toBe(0);
    }
    const target = body.Players[0]!;
    for (const bad of [8.3, 0.5, 25]) {
      const res = await op.client.put(`/api/operator/fixtures/${f.id}/prices`, {
        PlayerID: target.PlayerID,
        Price: bad,
      });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect(
      (await player.client.put(`/api/operator/fixtures/${f.id}/prices`, { PlayerID: target.PlayerID, Price: 12 }))
        .statusCode,
    ).toBe(403);
    const set = await op.client.put(`/api/operator/fixtures/${f.id}/prices`, { PlayerID: target.PlayerID, Price: 12 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ PlayerID: target.PlayerID, Price: 12, Source: 'operator' });
    const audit = await w.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'price.set')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(json(audit.before)).toEqual({ price: target.Price });
    expect(json(audit.after)).toEqual({ price: 12 });
    // The team sheet's figures show the operator's price.
    const league = await makeLeague(w, op, { name: 'Priced XI', type: 2 });
    const figures = await op.client.get(
      `/api/player_selection/player_figures/?FixtureID=${f.id}&LeagueID=${league.LeagueID}`,
    );
    expect(
      (figures.json() as { PlayerID: number; Price: number }[]).find((x) => x.PlayerID === target.PlayerID)?.Price,
    ).toBe(12);

    await startFixture(w, f.id);
    const late = await op.client.put(`/api/operator/fixtures/${f.id}/prices`, { PlayerID: target.PlayerID, Price: 7 });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/frozen/);
    expect((await op.client.get(`/api/operator/fixtures/${f.id}/prices`)).json()).toMatchObject({ Frozen: true });
  });
});
