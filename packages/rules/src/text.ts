import { messages } from './messages';

/**
 * Which characters a text field accepts (docs/decisions/0014-text-fields.md). The web forms and the
 * API use the same schemas (./text-schemas.ts builds them from these rules), so a name the form
 * refuses is refused by the API with the same message. No zod here: a screen that only checks a
 * value (`singleLineTextError`) does not load the schema library.
 *
 * Single-line fields (names, display names, league names and codes, the contact form's name):
 * - NFC-normalised, every space separator (no-break space, thin space, ideographic space…) becomes
 *   an ordinary space, runs of spaces become one, and the ends are trimmed;
 * - refused: control characters (C0 including CR, LF and TAB, DEL, C1), line and paragraph
 *   separators (U+2028, U+2029), format characters (category Cf: bidirectional embeddings,
 *   overrides and isolates, zero-width space, word joiner, BOM, soft hyphen…) and the other
 *   default-ignorable code points (Hangul fillers, variation selectors out of place…) plus the
 *   braille blank, which all render as nothing;
 * - kept where a script or an emoji needs them: ZWNJ/ZWJ (U+200C/U+200D) after a letter or mark of a
 *   script that uses them (Indic scripts, Arabic, Persian…) and before a letter or mark; ZWJ between
 *   two emoji; the emoji variation selector U+FE0F/U+FE0E after an emoji; tag sequences of the
 *   subdivision flags (England, Scotland, Wales); ideographic variation selectors after an ideograph.
 *
 * Multi-line fields (league description, contact message, the reason of an account deletion):
 * CRLF and CR become LF; TAB and LF are kept; every other control character (NUL, ESC, DEL, C1…) is
 * refused. Format characters stay allowed there: right-to-left writers need the direction marks, and
 * such a text is shown in a block of its own, where an override cannot reorder the text around it.
 */

/** Scripts that use ZWNJ/ZWJ inside words (conjuncts and half forms, cursive joining). */
const JOINER_SCRIPTS = [
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Adlam',
  'Hanifi_Rohingya',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Myanmar',
  'Khmer',
  'Tibetan',
]
  .map((s) => `\\p{Script_Extensions=${s}}`)
  .join('');

/** Sequences that legitimately hold a format or default-ignorable character: removed before the check. */
const ALLOWED_SEQUENCES: readonly RegExp[] = [
  // Subdivision flags: black flag, tag letters, cancel tag (🏴 + "gbeng" = England); the flag stays.
  /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu,
  // Text or emoji presentation selector after a pictograph (☀️), and in keycaps (1️⃣).
  /(?<=\p{Extended_Pictographic})[\uFE0E\uFE0F]/gu,
  /(?<=[0-9#*])\uFE0F(?=\u20E3)/gu,
  // Emoji ZWJ sequences: 👨‍👩‍👧, 🏳️‍🌈 (its selector is gone by now), after a skin tone too.
  /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D(?=\p{Extended_Pictographic})/gu,
  // ZWNJ/ZWJ inside a word of a script that needs them: क्‍ष, علی‌رضا.
  new RegExp(`(?<=[${JOINER_SCRIPTS}])[\\u200C\\u200D](?=[\\p{L}\\p{M}])`, 'gu'),
  // Ideographic variation sequences (Japanese names: 葛󠄀).
  /(?<=\p{Ideographic})[\u{E0100}-\u{E01EF}]/gu,
];

const SINGLE_LINE_REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Every control character (Cc: C0, DEL, C1) but TAB and LF: "neither a non-control nor TAB nor LF". */
const MULTI_LINE_REFUSED = /[^\P{Cc}\t\n]/u;

/**
 * Characters a name may hold that change how it is drawn, not what it says: ZWNJ, ZWJ and the emoji
 * presentation selectors. Two names that differ only by them are the same name (a display name
 * already taken in a league stays taken: "क्‍षत्रिय" and "क्षत्रिय", "Ben 🏏" and "Ben 🏏️").
 */
export const NAME_COMPARISON_IGNORED = '\u200C\u200D\uFE0E\uFE0F';

/** A (normalised) name without the characters that only change its drawing, to compare names. */
export function nameComparisonKey(value: string): string {
  return [...value].filter((c) => !NAME_COMPARISON_IGNORED.includes(c)).join('');
}

/** The form a single-line value is stored in: NFC, ordinary single spaces, trimmed. */
export function normalizeSingleLine(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\p{Zs}+/gu, ' ')
    .trim();
}

/** A multi-line value with its line breaks as LF (CRLF and lone CR from pasted text). */
export function normalizeMultiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/** Whether a (normalised) single-line value holds only characters a name may show. */
export function isCleanSingleLine(value: string): boolean {
  let rest = value;
  for (const allowed of ALLOWED_SEQUENCES) rest = rest.replace(allowed, '');
  return !SINGLE_LINE_REFUSED.test(rest);
}

/**
 * The first character a (normalised) single-line value may not hold, with its place (1-based, in code
 * points), or `undefined` when the value is clean: for messages that say where the problem is
 * ("U+202E at character 9").
 */
export function firstRefusedCharacter(value: string): { codePoint: number; position: number } | undefined {
  // The allowed sequences become as many ordinary letters, so the refused one keeps its index.
  let rest = value;
  for (const allowed of ALLOWED_SEQUENCES) rest = rest.replace(allowed, (seq) => 'a'.repeat(seq.length));
  const found = SINGLE_LINE_REFUSED.exec(rest);
  if (!found) return undefined;
  return { codePoint: value.codePointAt(found.index)!, position: [...value.slice(0, found.index)].length + 1 };
}

/** Whether a (normalised) multi-line value is free of control characters other than TAB and LF. */
export function isCleanMultiLine(value: string): boolean {
  return !MULTI_LINE_REFUSED.test(value);
}

/** The message for a single-line value, or `undefined` when its characters are fine (for non-zod checks). */
export function singleLineTextError(field: string, value: string): string | undefined {
  return isCleanSingleLine(normalizeSingleLine(value)) ? undefined : messages.text.singleLine(field);
}

/** The message for a multi-line value, or `undefined` when its characters are fine. */
export function multiLineTextError(field: string, value: string): string | undefined {
  return isCleanMultiLine(normalizeMultiLine(value)) ? undefined : messages.text.multiLine(field);
}
