/** Business constants from spec section 9. One place; the web app, the API and the tests import them. */
export const NOTIFICATION_AUTO_DISMISS_MS = 10_000;
export const VERIFY_REDIRECT_MS = 3_000;
export const RESET_REDIRECT_MS = 5_000;
/** The loading overlay appears only when a call is still running after this delay. */
export const LOADING_INDICATOR_DELAY_MS = 500;

export const PASSWORD_MIN_REGISTER = 8;
export const PASSWORD_MIN_RESET = 6;
export const NAME_MIN = 2;
export const DISPLAY_NAME_MIN = 3;
export const LEAGUE_DESCRIPTION_MAX = 1500;
export const CONTACT_FIELD_MAX = 255;
export const PUBLIC_SEARCH_MIN = 3;
export const DAILY_CHALLENGE_MATCH = 'Daily Challenge';

export const TEAM_MIN_PLAYERS = 1;
export const TEAM_MAX_PLAYERS = 11;
/** Per-position maxima for Player Selection leagues. */
export const POSITION_LIMITS = { Batsman: 5, Bowler: 5, Allrounder: 3, Wicketkeeper: 1 } as const;

export const FOOTER_COPYRIGHT_YEAR = 2025;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Server times are UTC; start times are shown in this zone with the ET suffix. */
export const DISPLAY_TIME_ZONE = 'America/New_York';
