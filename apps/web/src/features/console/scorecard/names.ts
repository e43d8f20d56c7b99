/**
 * Players named the way scorecards name them ("Sunil Narine", "†Phil Salt (wk)", "c sub (R Singh)")
 * matched to a squad's names as the data names them ("SP Narine", "PD Salt").
 */

export interface NamedPlayer {
  id: number;
  name: string;
}

/** A name without captain/keeper marks, accents and punctuation, in lower case: "†Phil Salt (wk)" → "phil salt". */
export function plainName(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[†*‡]/g, '')
    .replace(/\((c|wk|c & wk|c&wk|capt|captain|sub|ip|impact player)\)/gi, '')
    .replace(/[.,'’`"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The squad player a scorecard's name means: the same name; else the one surname that fits, the
 * first initial telling apart several ("Sunil Narine" → "SP Narine"; "Narine" alone when only one
 * Narine). Null when no one or several fit.
 */
export function matchPlayer(raw: string, squad: readonly NamedPlayer[]): NamedPlayer | null {
  const q = plainName(raw);
  if (!q) return null;
  const exact = squad.filter((p) => plainName(p.name) === q);
  if (exact.length === 1) return exact[0]!;
  const qTokens = q.split(' ');
  const qLast = qTokens[qTokens.length - 1]!;
  const sameLast = squad.filter((p) => {
    const t = plainName(p.name).split(' ');
    return t[t.length - 1] === qLast;
  });
  if (sameLast.length === 1 && (qTokens.length === 1 || initialFits(qTokens, sameLast[0]!))) return sameLast[0]!;
  if (qTokens.length > 1) {
    const fits = sameLast.filter((p) => initialFits(qTokens, p));
    if (fits.length === 1) return fits[0]!;
  }
  // Initials and surname written the other way round ("Narine SP"), or a surname of two words.
  const joined = squad.filter((p) => {
    const t = plainName(p.name).split(' ');
    return t.length > 1 && q.endsWith(t.slice(1).join(' ')) && q.startsWith(t[0]![0]!);
  });
  return joined.length === 1 ? joined[0]! : null;
}

/** Whether the query's first name and the squad name's first token start alike ("sunil" and "sp"). */
function initialFits(qTokens: readonly string[], p: NamedPlayer): boolean {
  const first = plainName(p.name).split(' ')[0]!;
  return first[0] === qTokens[0]![0];
}
