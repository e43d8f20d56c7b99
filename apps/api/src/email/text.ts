/**
 * Text from data (a person's name, a fixture's label, a league's name) as one line, for an email's
 * subject and for the places of its body where one line is expected: line breaks (CR, LF, NEL, the
 * Unicode line and paragraph separators), every other control character and the bidirectional
 * embeddings, overrides and isolates become a space, runs of spaces one. Names are checked when they
 * come in (decision 0014), but what an email says must not depend on that: a name stored before the
 * rule, or by a path that missed it, still cannot add a header to a message or a forged line such as
 * "Subject: …" to its text.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
