/** Short codes for team names (fixture labels show 'visitor code @ local code'). */
export const TEAM_CODES: Readonly<Record<string, string>> = {
  'Chennai Super Kings': 'CSK',
  'Delhi Capitals': 'DC',
  'Delhi Daredevils': 'DD',
  'Gujarat Titans': 'GT',
  'Gujarat Lions': 'GL',
  'Kolkata Knight Riders': 'KKR',
  'Lucknow Super Giants': 'LSG',
  'Mumbai Indians': 'MI',
  'Punjab Kings': 'PBKS',
  'Kings XI Punjab': 'KXIP',
  'Rajasthan Royals': 'RR',
  'Royal Challengers Bengaluru': 'RCB',
  'Royal Challengers Bangalore': 'RCB',
  'Sunrisers Hyderabad': 'SRH',
  'Deccan Chargers': 'DEC',
  'Kochi Tuskers Kerala': 'KTK',
  'Pune Warriors': 'PWI',
  'Rising Pune Supergiant': 'RPS',
  'Rising Pune Supergiants': 'RPS',
};

/**
 * Primary colours of the IPL franchises (their shirt's main colour, as on their official sites), for
 * the fixture cards: a team's colour marks its code beside the name and never carries text, so any
 * colour reads on both themes. A team missing here (other competitions, renamed clubs) has none and
 * the app shows a neutral mark. Keys are team names as in TEAM_CODES; values upper-case #RRGGBB.
 */
export const TEAM_COLOURS: Readonly<Record<string, string>> = {
  'Chennai Super Kings': '#F9CD05',
  'Delhi Capitals': '#17449B',
  'Delhi Daredevils': '#17449B',
  'Gujarat Titans': '#1B2133',
  'Gujarat Lions': '#E04F16',
  'Kolkata Knight Riders': '#3A225D',
  'Lucknow Super Giants': '#0057E2',
  'Mumbai Indians': '#004BA0',
  'Punjab Kings': '#DD1F2D',
  'Kings XI Punjab': '#DD1F2D',
  'Rajasthan Royals': '#EA1A85',
  'Royal Challengers Bengaluru': '#2B2A29',
  'Royal Challengers Bangalore': '#2B2A29',
  'Sunrisers Hyderabad': '#F26522',
  'Rising Pune Supergiant': '#6F61AC',
  'Rising Pune Supergiants': '#6F61AC',
};

/** The team's colour from TEAM_COLOURS, or null. */
export function teamColour(name: string): string | null {
  return TEAM_COLOURS[name] ?? null;
}

/** Short names for competitions, used in season names such as 'IPL 2024'. */
export const COMPETITION_CODES: Readonly<Record<string, string>> = {
  'Indian Premier League': 'IPL',
  'Big Bash League': 'BBL',
  'Pakistan Super League': 'PSL',
  'Caribbean Premier League': 'CPL',
  SA20: 'SA20',
  'Major League Cricket': 'MLC',
  'The Hundred Men': 'Hundred',
  'International League T20': 'ILT20',
};

/** The known code, else the initials of the name's words (at most 4 letters), e.g. 'Otago Volts' -> 'OV'. */
export function teamCode(name: string): string {
  const known = TEAM_CODES[name];
  if (known) return known;
  const words = name.split(/[\s-]+/).filter((w) => /^[A-Za-z]/.test(w));
  const initials = words.map((w) => w[0]?.toUpperCase() ?? '').join('');
  if (initials.length >= 2) return initials.slice(0, 4);
  return (
    name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase() || 'TBD'
  );
}

/** 'IPL 2024' for the Indian Premier League season '2024'; unknown competitions keep their full name. */
export function seasonName(competition: string, season: string): string {
  return `${COMPETITION_CODES[competition] ?? competition} ${season}`;
}
