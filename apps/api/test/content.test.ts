import { messages, multipliedPoints, signedPoints, TEAM_RULE_DEFAULTS, TEAM_RULE_LIMITS } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../src/cricket/catalogue';
import { FAQ_ENTRIES } from '../src/content/faq-data';
import { seedFaqs } from '../src/content/faq';
import { signUp, startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ supportEmail: 'help@club.test' });
});
afterAll(async () => {
  await t.close();
});

describe('FAQ', () => {
  it('is seeded once with 12-20 real questions, served in order at /faq/ (and /faq)', async () => {
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(12);
    // 15 before the Player Selection team rules (issue 27) added five.
    expect(FAQ_ENTRIES.length).toBeLessThanOrEqual(20);
    const res = await t.client().get('/api/faq/');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { Question: string; Answer: string }[];
    expect(list).toEqual(FAQ_ENTRIES.map((e) => ({ Question: e.question, Answer: e.answer })));
    expect(list.map((f) => f.Answer).join(' ')).toMatch(/Daily Challenge/);
    expect(Object.keys(list[0] ?? {})).toEqual(['Question', 'Answer']);
    expect((await t.client().get('/api/faq')).json()).toEqual(list);
  });

  it('seeding is idempotent, also when two processes start at once', async () => {
    const results = await Promise.all([seedFaqs(t.db), seedFaqs(t.db)]);
    expect(results).toEqual([0, 0]);
    await t.db.deleteFrom('faqs').execute();
    const concurrent = await Promise.all([seedFaqs(t.db), seedFaqs(t.db), seedFaqs(t.db)]);
    expect(concurrent.sort()).toEqual([0, 0, FAQ_ENTRIES.length]);
    const rows = await t.db.selectFrom('faqs').select('id').execute();
    expect(rows).toHaveLength(FAQ_ENTRIES.length);
  });
});

describe('FAQ scoring answers', () => {
  it('give the default points of every feature, signed as they count, from the catalogue', async () => {
    const answers = ((await t.client().get('/api/faq/')).json() as { Question: string; Answer: string }[]).map(
      (f) => f.Answer,
    );
    const mp = answers.find((a) => a.includes('Match Winner +'));
    const ps = answers.find((a) => a.includes('Run +1'));
    for (const f of FEATURES) {
      const answer = f.leagueType === 'MP' ? mp : ps;
      expect(answer).toContain(`${f.name} ${signedPoints(f.defaultPoints * f.sign)}`);
    }
    expect(mp).toContain('Match Winner +10, Most Runs +20');
    // Penalties read as deductions, never as points earned.
    expect(ps).toContain('Duck \u22122');
    expect(ps).toContain('Economy Above 12 \u22126');
    expect(ps).toContain('Strike Rate Below 50 \u22126');
    expect(ps).not.toMatch(/Duck \+?2\b/);
    expect(answers.join(' ')).not.toContain('the points the admin set');
  });

  it('replace the answers an older version stored when the server starts', async () => {
    await t.db
      .updateTable('faqs')
      .set({ answer: 'Each worth the points the admin set.' })
      .where('question', '=', 'How are Player Selection points calculated?')
      .execute();
    await t.db.insertInto('faqs').values({ position: 99, question: 'A retired question?', answer: 'Gone.' }).execute();
    expect(await seedFaqs(t.db)).toBe(FAQ_ENTRIES.length);
    const list = (await t.client().get('/api/faq/')).json() as { Question: string; Answer: string }[];
    expect(list).toEqual(FAQ_ENTRIES.map((e) => ({ Question: e.question, Answer: e.answer })));
    expect(await seedFaqs(t.db)).toBe(0);
  });
});

describe('FAQ team rules answers (issue 27)', () => {
  const answerTo = (question: RegExp) => FAQ_ENTRIES.find((e) => question.test(e.question))?.answer ?? '';

  it('explain credits and prices from recent form, frozen at the lock', () => {
    const prices = answerTo(/credits and player prices/);
    expect(prices).toContain(`between ${TEAM_RULE_LIMITS.budget.min} and ${TEAM_RULE_LIMITS.budget.max} credits`);
    expect(prices).toContain(`${TEAM_RULE_DEFAULTS.BudgetCredits} unless the admin chose otherwise`);
    expect(prices).toContain('from 6.0 to 11.0 credits in steps of 0.5');
    expect(prices).toMatch(/recent form/);
    expect(prices).toMatch(/frozen when the fixture starts \(the lock\)/);
  });

  it('give the captain 2× and the vice-captain 1.5×, rounded to whole points with halves away from zero', () => {
    const roles = answerTo(/captain and vice-captain score/);
    expect(roles).toContain(`captain's points count ${TEAM_RULE_DEFAULTS.CaptainMultiplier}×`);
    expect(roles).toContain(`vice-captain's ${TEAM_RULE_DEFAULTS.ViceCaptainMultiplier}×`);
    expect(roles).toContain('halves away from zero');
    // The examples are the rules' own rounding.
    expect(roles).toContain(`on 15 points scores ${multipliedPoints(15, 150)}`);
    expect(roles).toContain(`one on \u22123 scores \u2212${Math.abs(multipliedPoints(-3, 150))}`);
    expect(roles).toContain(`18 × 2 = ${multipliedPoints(18, 200)}`);
  });

  it('cap the players from one side at 7 and explain backups', () => {
    expect(answerTo(/from one side/)).toContain(`at most ${TEAM_RULE_DEFAULTS.MaxPerSide} of your players`);
    const backups = answerTo(/backups\?$/);
    expect(backups).toContain(`up to ${TEAM_RULE_LIMITS.backups.max}`);
    expect(backups).toMatch(/not in their side's XI/);
    expect(backups).toMatch(/plays the same position/);
    expect(backups).toMatch(/keeps your team within the league's rules/);
    expect(backups).toMatch(/takes over that role/);
  });

  it('say that leagues created before the rules keep playing without them, and keep the older answers', () => {
    expect(answerTo(/no budget, captain or backups/)).toMatch(/created before them keeps playing without them/);
    for (const question of [
      'What kinds of leagues can I play?',
      'How do I pick a team in a Player Selection league?',
      'How are Player Selection points calculated?',
      'How do I delete my account?',
    ])
      expect(FAQ_ENTRIES.map((e) => e.question)).toContain(question);
  });
});

describe('addContactMessage', () => {
  it('stores an anonymous message and forwards it to support with reply-to the sender', async () => {
    const res = await t.client().post('/api/contact_us/add_contact_message', {
      name: '  Kiran ',
      email: 'kiran@example.com',
      message: 'How do I <b>join</b> a Daily Challenge?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.contact.sent });
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'kiran@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Kiran', user_id: null, message: 'How do I <b>join</b> a Daily Challenge?' });
    const mail = (await t.sentMail()).find((m) => m.replyTo === 'kiran@example.com');
    expect(mail?.to).toBe('help@club.test');
    expect(mail?.subject).toBe('Contact form: message from Kiran');
    expect(mail?.text).toContain('How do I <b>join</b> a Daily Challenge?');
    expect(mail?.html).toContain('How do I &#60;b&#62;join&#60;/b&#62;');
  });

  it('links the message to the signed-in user', async () => {
    const s = await signUp(t);
    await s.client.post('/api/contact_us/add_contact_message', { name: 'Asha', email: s.email, message: 'Hello' });
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', s.email)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(s.userId);
  });

  it.each([
    [{ name: '' }, messages.contact.nameRequired],
    [{ name: 'n'.repeat(256) }, 'name must be at most 255 characters long.'],
    [{ email: '' }, messages.contact.emailRequired],
    [{ email: 'nope' }, messages.contact.emailInvalid],
    [{ message: '   ' }, messages.contact.messageRequired],
  ])('rejects %o', async (patch, message) => {
    const res = await t
      .client()
      .post('/api/contact_us/add_contact_message', { name: 'Kiran', email: 'k@example.com', message: 'Hi', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});
