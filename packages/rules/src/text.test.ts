import { describe, expect, it } from 'vitest';
import {
  createLeaguePayloadSchema,
  joinLeaguePayloadSchema,
  joinPrivateFormSchema,
  startLeagueFormSchema,
  updateLeaguePayloadSchema,
} from './leagues';
import { publicJoinError } from './join';
import { messages } from './messages';
import {
  firstRefusedCharacter,
  isCleanMultiLine,
  isCleanSingleLine,
  multiLineTextError,
  nameComparisonKey,
  normalizeSingleLine,
  singleLineTextError,
} from './text';
import { contactSchema, EMAIL_PATTERN, loginSchema, registerFormSchema, registerPayloadSchema } from './validation';

const single = messages.text.singleLine;
const multi = messages.text.multiLine;
const cp = (n: number) => String.fromCodePoint(n);

/** Every character issue 13 names, one by one: C0 (CR, LF, TAB…), DEL, C1, bidi, zero-width, BOM, soft hyphen. */
const CONTROLS = [...range(0x01, 0x1f), 0x7f, ...range(0x80, 0x9f)];
const FORMATS = [
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
  0x200b,
  0x200e,
  0x200f,
  ...range(0x2060, 0x2064),
  0xfeff,
  0x00ad,
  0x061c, // Arabic letter mark
  0x180e, // Mongolian vowel separator
  0xfff9, // interlinear annotation anchor
  0xe0041, // a tag letter outside a flag
  0x2028, // line separator
  0x2029, // paragraph separator
  0x3164, // Hangul filler (a letter that renders as nothing)
  0x115f,
  0xffa0,
  0x2800, // braille blank
  0x034f, // combining grapheme joiner
  0xfe0f, // emoji selector after a letter
];
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** Names people really have, in scripts that need the joiners, and with emoji. */
const LEGITIMATE = [
  'José Müller',
  'Zoë Ångström-Ødegaard',
  "O'Brien",
  'विराट कोहली',
  'क्‍षत्रिय', // KA, VIRAMA, ZWJ, SSA: the half form
  'स्‌क', // SA, VIRAMA, ZWNJ, KA: an explicit virama
  'ശ്രീ', // Malayalam
  'علی‌رضا', // Persian with a ZWNJ
  'ابو بكر',
  'שלום',
  '王小明',
  '葛󠄀飾', // ideographic variation sequence
  'Knights 🏏',
  'Family 👨‍👩‍👧', // emoji ZWJ sequence
  'Pride 🏳️‍🌈',
  'Thumbs 👍🏽',
  'Sun ☀️',
  'Three Lions 🏴󠁧󠁢󠁥󠁮󠁧󠁿', // England flag: tag sequence
  'Team 1️⃣',
];

describe('the single-line rule', () => {
  it.each(CONTROLS)('refuses the control character %i', (code) => {
    expect(isCleanSingleLine(`Ab${cp(code)}cd`)).toBe(false);
    expect(singleLineTextError('Name', `Ab${cp(code)}cd`)).toBe(single('Name'));
  });

  it.each(FORMATS.map((c) => [hex(c), c]))('refuses %s inside a name', (_, code) => {
    expect(singleLineTextError('Name', `Ab${cp(code as number)}cd`)).toBe(single('Name'));
  });

  it.each(LEGITIMATE)('accepts %s', (name) => {
    expect(isCleanSingleLine(normalizeSingleLine(name))).toBe(true);
  });

  it('keeps ZWJ/ZWNJ only inside a word of a script that uses them, and ZWJ only between emoji', () => {
    expect(isCleanSingleLine('Ad\u200dmin')).toBe(false); // Latin: would look like "Admin"
    expect(isCleanSingleLine('Ad\u200cmin')).toBe(false);
    expect(isCleanSingleLine('क्\u200d')).toBe(false); // at the end
    expect(isCleanSingleLine('\u200dकक')).toBe(false); // at the start
    expect(isCleanSingleLine('क्\u200d\u200dष')).toBe(false); // doubled
    expect(isCleanSingleLine('क्\u200d ष')).toBe(false); // before a space
    expect(isCleanSingleLine('🏏\u200d')).toBe(false);
    expect(isCleanSingleLine('A\u200d🏏')).toBe(false);
    expect(isCleanSingleLine('🏴\u{e0067}\u{e0062}')).toBe(false); // tag sequence without its cancel tag
  });

  it('compares names without the characters that only change their drawing', () => {
    expect(nameComparisonKey('क्‍षत्रिय')).toBe('क्षत्रिय');
    expect(nameComparisonKey('علی‌رضا')).toBe('علیرضا');
    expect(nameComparisonKey('Ben 🏏\ufe0f')).toBe('Ben 🏏');
    expect(nameComparisonKey('Family 👨‍👩‍👧')).toBe('Family 👨👩👧');
  });

  it('normalises to NFC, ordinary single spaces, trimmed', () => {
    expect(normalizeSingleLine('  Jose\u0301\u00a0\u2003 Mu\u0308ller\u3000')).toBe('José Müller');
    expect(normalizeSingleLine('\ufeffAsha\ufeff')).toBe('Asha'); // a BOM at the ends is trimmed
  });
});

describe('the multi-line rule', () => {
  it('keeps LF and TAB, turns CRLF and CR into LF, and keeps direction marks', () => {
    expect(isCleanMultiLine('Line one\n\tLine two')).toBe(true);
    expect(contactSchema.parse({ name: 'A', email: 'a@b.co', message: 'one\r\ntwo\rthree' }).message).toBe(
      'one\ntwo\nthree',
    );
    expect(multiLineTextError('Message', 'שלום \u200f(RTL) 🏏')).toBeUndefined();
    expect(contactSchema.safeParse({ name: 'A', email: 'a@b.co', message: ' \r\n\t ' }).error?.issues[0]?.message).toBe(
      messages.contact.messageRequired,
    );
  });

  it.each([0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x7f, 0x85, 0x9b])('refuses the control character %i', (code) => {
    expect(multiLineTextError('Message', `Hello ${cp(code)} there`)).toBe(multi('Message'));
  });
});

describe('the shared schemas', () => {
  const forged = 'Kiran\r\nBcc: victim@example.com';

  it('contact: a CR/LF name is refused; the message may hold line breaks but no other control', () => {
    const valid = { name: 'Kiran', email: 'kiran@example.com', message: 'Hi\r\nthere' };
    expect(contactSchema.safeParse(valid).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, name: forged }).error?.issues[0]?.message).toBe(single('Name'));
    expect(contactSchema.safeParse({ ...valid, name: 'Kiran\tK' }).error?.issues[0]?.message).toBe(single('Name'));
    expect(contactSchema.safeParse({ ...valid, message: 'Hi\u001b[31m' }).error?.issues[0]?.message).toBe(
      multi('Message'),
    );
    // The "required" message stays first for a name of nothing but spaces and line breaks.
    expect(contactSchema.safeParse({ ...valid, name: ' \r\n ' }).error?.issues[0]?.message).toBe(
      messages.contact.nameRequired,
    );
  });

  it('emails: control and format characters make an email invalid', () => {
    for (const email of ['a\r\n@b.co', 'a@b.co\u202e', 'a\u200b@b.co', 'a\u0085@b.co', 'a\u0001@b.co']) {
      expect(EMAIL_PATTERN.test(email), JSON.stringify(email)).toBe(false);
    }
    expect(EMAIL_PATTERN.test('jösé@exämple.co')).toBe(true);
    expect(loginSchema.safeParse({ email: 'a\u202e@b.co', password: 'x' }).error?.issues[0]?.message).toBe(
      messages.common.emailInvalid,
    );
    expect(contactSchema.safeParse({ name: 'A', email: 'a@b.co\u2066', message: 'x' }).error?.issues[0]?.message).toBe(
      messages.contact.emailInvalid,
    );
  });

  it('register: first and last names', () => {
    const form = {
      firstName: 'Virat',
      lastName: 'Kohli',
      email: 'vk@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
    };
    expect(registerFormSchema.safeParse({ ...form, firstName: 'Vi\nrat' }).error?.issues[0]?.message).toBe(
      single('First name'),
    );
    expect(registerFormSchema.safeParse({ ...form, lastName: 'Koh\u202eli' }).error?.issues[0]?.message).toBe(
      single('Last name'),
    );
    const payload = { first_name: ' विराट ', last_name: 'Ko\u0308hli', email: 'vk@example.com', password: 'secret123' };
    expect(registerPayloadSchema.parse(payload)).toMatchObject({ first_name: 'विराट', last_name: 'Köhli' });
  });

  it('leagues: names, display names, codes and descriptions', () => {
    const start = {
      leagueName: 'Office League',
      description: '',
      isPrivate: true,
      showOthersPicks: false,
      leagueTypeId: '2',
      series: '1:3',
      displayName: 'Smriti',
    };
    const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(first(startLeagueFormSchema.safeParse({ ...start, leagueName: 'Office\u202eeugaeL' }))).toBe(
      single('League Name'),
    );
    expect(first(startLeagueFormSchema.safeParse({ ...start, displayName: 'Sm\u200briti' }))).toBe(
      single('Display Name'),
    );
    expect(first(startLeagueFormSchema.safeParse({ ...start, description: 'One\nTwo\u0007' }))).toBe(
      multi('League Description'),
    );
    expect(
      startLeagueFormSchema.parse({ ...start, leagueName: 'Mumbai  Fans 🏏', displayName: 'क्‍षत्रिय' }),
    ).toMatchObject({ leagueName: 'Mumbai Fans 🏏', displayName: 'क्‍षत्रिय' });

    const payload = {
      Name: 'Office League',
      LeagueTypeID: 1,
      IsPrivate: true,
      ShowOthersPicks: false,
      SeasonID: 1,
      AdminUserID: 1,
      AdminDisplayName: 'Captain',
    };
    expect(first(createLeaguePayloadSchema.safeParse({ ...payload, Name: 'Daily\u200bChallenge' }))).toBe(
      single('League Name'),
    );
    expect(first(createLeaguePayloadSchema.safeParse({ ...payload, AdminDisplayName: '\u2067Captain' }))).toBe(
      single('Display Name'),
    );
    expect(first(updateLeaguePayloadSchema.safeParse({ Description: 'x\u0000', ShowOthersPicks: true }))).toBe(
      multi('League Description'),
    );

    expect(first(joinPrivateFormSchema.safeParse({ leagueCode: 'ABC\n123', displayName: 'Smriti' }))).toBe(
      single('League Code'),
    );
    expect(
      first(joinLeaguePayloadSchema.safeParse({ UserID: 1, LeagueCode: 'ABC123', DisplayName: 'Ad\u200dmin' })),
    ).toBe(single('Display Name'));
    expect(publicJoinError('ABC123', 'Cap\u202etain')).toBe(single('Display Name'));
    expect(publicJoinError('ABC123', '\u200b\u200b\u200b')).toBe(single('Display Name'));
    expect(publicJoinError('ABC123', 'ab')).toBe(messages.join.publicDisplayName);
    expect(publicJoinError('ABC123', 'विराट')).toBeUndefined();
  });
});

describe('firstRefusedCharacter', () => {
  it('names the first refused character and where it is, in code points', () => {
    expect(firstRefusedCharacter('Match 901\r\nSubject: hijack')).toEqual({ codePoint: 0x0d, position: 10 });
    expect(firstRefusedCharacter('Office\u202eeugaeL')).toEqual({ codePoint: 0x202e, position: 7 });
    // Each code point counts (the emoji and the joiners too); the allowed sequences (a ZWJ family, a Persian ZWNJ) pass.
    expect(firstRefusedCharacter('👨\u200d👩\u200d👧 علی\u200cرضا\u200b')).toEqual({ codePoint: 0x200b, position: 14 });
    expect(firstRefusedCharacter('Ad\u200dmin')).toEqual({ codePoint: 0x200d, position: 3 });
  });

  it('finds nothing in a clean name, and something whenever isCleanSingleLine refuses', () => {
    for (const name of [
      'Mumbai Indians',
      'क्\u200dष',
      '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} England',
      '1\ufe0f\u20e3',
    ]) {
      expect(firstRefusedCharacter(name), name).toBeUndefined();
    }
    for (const code of [...CONTROLS, ...FORMATS]) {
      const value = `Ab${cp(code)}cd`;
      expect(isCleanSingleLine(value)).toBe(false);
      expect(firstRefusedCharacter(value)).toEqual({ codePoint: code, position: 3 });
    }
  });
});
