import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Keep in step with ./migrations; each area owns its own section. Over 500 lines
 * on purpose: Kysely reads one `DB` interface of every table, and test/db-schema.test.ts checks this one
 * file against a migrated database.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

// ---- accounts (0001) ----
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  missing_pick_notification: Generated<boolean>;
  use_ai_auto_pick: Generated<boolean>;
  created_at: Timestamp;
}
export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}
export interface UserTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'verify_email' | 'reset_password';
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}
export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  kind: string;
  dedupe_key: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}
export interface FaqsTable {
  id: Generated<number>;
  position: number;
  question: string;
  answer: string;
}
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  user_id: number | null;
  created_at: Timestamp;
}
export interface AccountDeletionsTable {
  id: Generated<number>;
  former_user_id: number;
  reason: string | null;
  deleted_at: Timestamp;
}

// ---- cricket (0002) ----
export type FixtureStatus = 'scheduled' | 'live' | 'completed' | 'no_result' | 'abandoned';
export type ResultType = 'normal' | 'tie' | 'no_result';
export interface PositionsTable {
  id: number;
  name: string;
  max_per_team: number;
  sort_order: number;
}
export interface SeasonsTable {
  id: Generated<number>;
  name: string;
  competition: string;
  year: number;
  is_active: Generated<boolean>;
  source: Generated<string>;
  created_at: Timestamp;
}
export interface StagesTable {
  id: Generated<number>;
  season_id: number;
  name: string;
  sort_order: Generated<number>;
}
export interface TeamsTable {
  id: Generated<number>;
  name: string;
  code: string;
}
export interface PlayersTable {
  id: Generated<number>;
  cricsheet_id: string | null;
  full_name: string;
  position_id: number;
  position_source: 'inferred' | 'override' | 'data';
  created_at: Timestamp;
}
export interface SquadsTable {
  season_id: number;
  team_id: number;
  player_id: number;
}
export interface FixturesTable {
  id: Generated<number>;
  season_id: number;
  stage_id: number | null;
  cricsheet_match_id: string | null;
  match_number: number | null;
  name: string;
  start_time: Timestamp;
  local_team_id: number;
  visitor_team_id: number;
  venue: string | null;
  city: string | null;
  status: FixtureStatus;
  updated_at: Timestamp;
}
export interface FixtureResultsTable {
  fixture_id: number;
  result_type: ResultType;
  winner_team_id: number | null;
  won_by_runs: number | null;
  won_by_wickets: number | null;
  method: string | null;
  super_over_winner_team_id: number | null;
  toss_winner_team_id: number | null;
  toss_decision: string | null;
}
export interface FixturePlayerOfMatchTable {
  fixture_id: number;
  player_id: number;
}
export interface FixtureInningsTable {
  fixture_id: number;
  innings_number: number;
  team_id: number;
  super_over: boolean;
  runs: number;
  wickets: number;
  legal_balls: number;
  extras: number;
}
export interface PlayerFixtureStatsTable {
  fixture_id: number;
  player_id: number;
  team_id: number;
  did_play: boolean;
  batting_position: number | null;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissed: boolean;
  dismissal_kind: string | null;
  balls_bowled: number;
  maidens: number;
  runs_conceded: number;
  wickets: number;
  bowled_lbw_wickets: number;
  catches: number;
  stumpings: number;
  run_outs_direct: number;
  run_outs_indirect: number;
}
export interface CricsheetImportsTable {
  cricsheet_match_id: string;
  fixture_id: number;
  checksum: string;
  source: string;
  imported_at: Timestamp;
  /** The match's content identity (season, slot, date, teams): `matchKey` in import/duplicates.ts (0009). */
  match_key: string | null;
  /** The Cricsheet match id the operator chose over this file for the same match (`--prefer`, 0009). */
  superseded_by: string | null;
}
export interface FeaturesTable {
  id: number;
  league_type: 'MP' | 'PS';
  name: string;
  description: string;
  feature_type: 'team' | 'player' | 'bonus' | 'stat';
  sign: number;
  max_points: number;
  default_points: number;
  sort_order: number;
}
export interface FeaturePositionsTable {
  feature_id: number;
  position_id: number;
}
export interface BonusOptionsTable {
  id: number;
  feature_id: number;
  code: string;
  label: string;
  sort_order: number;
}
export interface FixtureFeatureWinnersTable {
  fixture_id: number;
  feature_id: number;
  entity_type: 'team' | 'player' | 'bonus';
  entity_id: number;
}
export interface PlayerFixtureFeatureCountsTable {
  fixture_id: number;
  player_id: number;
  feature_id: number;
  count: number;
}
/** View: counts x default points x sign. */
export interface PlayerFixturePointsView {
  fixture_id: number;
  player_id: number;
  feature_id: number;
  count: number;
  points: number;
}
/** View: one row per fixture and feature with the comma-separated winner ids (ordered). */
export interface FixtureFeatureWinnerListsView {
  fixture_id: number;
  feature_id: number;
  entity_type: 'team' | 'player' | 'bonus';
  winner_ids: string;
}

// ---- leagues (0003) ----
export type LeagueTypeCode = 'MP' | 'PS';
export type LeagueStatus = 'Draft' | 'Active' | 'Finished';
export type MemberStatus = 'Pending' | 'Approved' | 'Rejected';
export interface LeaguesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  code: string;
  league_type: LeagueTypeCode;
  is_private: boolean;
  show_others_picks: Generated<boolean>;
  status: Generated<LeagueStatus>;
  season_id: number;
  stage_id: number | null;
  /** Daily Challenge leagues only: the UTC date whose fixtures the league covers ('YYYY-MM-DD'). */
  match_day: string | null;
  admin_user_id: number;
  created_at: Timestamp;
  activated_at: NullableTimestamp;
  /** When the Player Selection counts were saved (step 1): final from then on (migration 0005). */
  selection_config_locked_at: NullableTimestamp;
}
export interface LeagueMembersTable {
  id: Generated<number>;
  league_id: number;
  user_id: number;
  display_name: string;
  status: MemberStatus;
  joined_at: Timestamp;
  decided_at: NullableTimestamp;
}
export interface LeagueConfigurationsTable {
  id: Generated<number>;
  league_id: number;
  feature_id: number;
  points: number;
  is_active: Generated<boolean>;
}
export interface LeagueSelectionConfigsTable {
  id: Generated<number>;
  league_id: number;
  position_id: number;
  count: number;
  is_active: Generated<boolean>;
}

// ---- picks (0004) ----
export interface LeagueSelectionsTable {
  id: Generated<number>;
  league_id: number;
  user_id: number;
  fixture_id: number;
  /** The league feature (league_configurations.id) — the spec's LeagueFeatureID. */
  league_configuration_id: number;
  team_id: number | null;
  player_id: number | null;
  bonus_option_id: number | null;
  is_auto_pick: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PlayerSelectionsTable {
  id: Generated<number>;
  league_id: number;
  user_id: number;
  fixture_id: number;
  position_id: number;
  position_order: number;
  player_id: number;
  is_auto_pick: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The player a backup replaced at the lock; `player_id` is then the backup (0026). */
  replaced_player_id: number | null;
}
/** A Player Selection league's team rules (0026): null turns a rule off; no row = every rule off. */
export interface LeagueTeamRulesTable {
  league_id: number;
  /** Tenths of a credit (1000 = 100.0 credits). */
  budget_tenths: number | null;
  /** Percent (200 = 2×). */
  captain_pct: number | null;
  vice_captain_pct: number | null;
  max_per_side: number | null;
  backups: Generated<number>;
}
/** A member's Player Selection team of a fixture beyond its slots (0026). */
export interface PlayerSelectionTeamsTable {
  league_id: number;
  user_id: number;
  fixture_id: number;
  captain_player_id: number | null;
  vice_captain_player_id: number | null;
  /** Player ids in priority order. */
  backups: ColumnType<number[], number[] | undefined, number[]>;
  substituted_at: NullableTimestamp;
  updated_at: Generated<Date>;
}
/** A player's price for a fixture in tenths of a credit (0026). */
export interface FixturePlayerPricesTable {
  fixture_id: number;
  player_id: number;
  price_tenths: number;
  source: 'form' | 'operator';
  updated_at: Generated<Date>;
}
export interface FixtureJobsTable {
  fixture_id: number;
  job: string;
  done_at: Timestamp;
  detail: string | null;
}
export interface PickRemindersTable {
  user_id: number;
  fixture_id: number;
  sent_at: Timestamp;
}
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

// ---- standings cache (0006) ----
export interface StandingsVersionsTable {
  /** 0 = results and fixtures (everything); otherwise a league id. */
  scope: number;
  version: ColumnType<number, number, number>;
  xact: string | null;
}
export interface StandingsFixtureVersionsTable {
  fixture_id: number;
  version: ColumnType<number, number, number>;
  xact: string | null;
}
export interface StandingsPointsTable {
  league_id: number;
  fixture_id: number;
  user_id: number;
  points: number;
}
export interface StandingsPointsComputedTable {
  league_id: number;
  fixture_id: number;
  version: ColumnType<number, number, number>;
}

// ---- live (0010) ----
export type LiveState = 'live' | 'completed';
export interface LiveFixturesTable {
  fixture_id: number;
  match_id: string;
  source: string;
  state: Generated<LiveState>;
  /** The feed's Cricsheet `info` block (teams, players, registry). */
  info: unknown;
  scheduled_start: Timestamp;
  first_ball_at: NullableTimestamp;
  last_ball_at: NullableTimestamp;
  silent_since: NullableTimestamp;
  /** The Match Prediction leaders at the last ball (LiveLeader[]). */
  leaders: Generated<unknown>;
  /** Picks of the fixture when the members' provisional points were last rebuilt (-1: never). */
  picks_seen: Generated<number>;
  /** Leagues whose provisional points moved since their last standings event (number[]). */
  standings_pending: Generated<unknown>;
  /** The fixture's Player Selection leagues at the last members' rebuild (number[], 0012). */
  ps_leagues: Generated<unknown>;
  /** Replaced by every write of the balls, lines or info: an in-memory copy is valid while it matches (0013). */
  state_token: Generated<string>;
  runner: string | null;
  lease_until: NullableTimestamp;
  error: string | null;
  updated_at: Generated<Date>;
}
export interface LiveDeliveriesTable {
  fixture_id: number;
  innings: number;
  over: number;
  seq: number;
  team: string;
  super_over: Generated<boolean>;
  /** The Cricsheet delivery as received. */
  delivery: unknown;
  received_at: Generated<Date>;
}
export interface LivePlayerLinesTable {
  fixture_id: number;
  cricsheet_id: string;
  player_id: number | null;
  name: string;
  team: string;
  did_play: boolean;
  position_id: number;
  runs: Generated<number>;
  balls: Generated<number>;
  fours: Generated<number>;
  sixes: Generated<number>;
  dismissals: Generated<number>;
  dismissal_kind: string | null;
  balls_bowled: Generated<number>;
  maidens: Generated<number>;
  runs_conceded: Generated<number>;
  wickets: Generated<number>;
  bowled_lbw_wickets: Generated<number>;
  catches: Generated<number>;
  stumpings: Generated<number>;
  run_outs_direct: Generated<number>;
  run_outs_indirect: Generated<number>;
  /** Provisional points at the catalogue's default points. */
  points: Generated<number>;
}
export interface LiveMemberPointsTable {
  league_id: number;
  fixture_id: number;
  user_id: number;
  points: number;
}
/** Player Selection provisional points of a player in a league's live fixture (0012). */
export interface LiveLeaguePlayerPointsTable {
  league_id: number;
  fixture_id: number;
  player_id: number;
  points: number;
}
/** The standings last announced per league (0014): the base of the next standings event. */
export interface LiveStandingsTable {
  league_id: number;
  version: number;
  fixture_ids: unknown;
  updated_at: Generated<Date>;
}
export interface LiveStandingRowsTable {
  league_id: number;
  user_id: number;
  display_name: string;
  position: number;
  position_change: number;
  total_points: number;
  live_points: number;
}
export interface LiveEventsTable {
  id: Generated<number>;
  fixture_id: number | null;
  league_id: number | null;
  type: string;
  data: unknown;
  created_at: Generated<Date>;
}

// ---- cricsheet fetch (0016) ----
export interface CricsheetFetchTable {
  id: Generated<number>;
  url: string | null;
  etag: string | null;
  last_modified: string | null;
  next_run_at: Date | null;
  lease_holder: string | null;
  lease_until: Date | null;
  last_run_id: number | null;
}

// ---- vendor calls (0022) ----
export interface VendorCallsTable {
  vendor: string;
  day: string;
  calls: Generated<number>;
  last_call_at: Date | null;
}

// ---- vendor connections (0025) ----
export type VendorSyncOutcome = 'succeeded' | 'partial' | 'failed';
export interface VendorConnectionsTable {
  vendor: string;
  /** Entered by an operator ({ accessKey, secretKey } or { apiToken }); never returned by an operation. */
  credentials: ColumnType<Record<string, string> | null, string | null, string | null>;
  credentials_set_at: Date | null;
  competition_id: string | null;
  competition_name: string | null;
  season_id: number | null;
  sync_enabled: Generated<boolean>;
  schedule_interval_s: Generated<number>;
  live_interval_s: Generated<number>;
  lineup_lead_s: Generated<number>;
  daily_budget: number | null;
  next_schedule_at: Date | null;
  lease_holder: string | null;
  lease_until: Date | null;
  last_sync_at: Date | null;
  last_sync_outcome: VendorSyncOutcome | null;
  last_sync_message: string | null;
  updated_at: Generated<Date>;
}
export interface VendorTeamsTable {
  vendor: string;
  vendor_id: string;
  /** The vendor's name of the team (its scorecards and live answers name teams so). */
  vendor_name: string;
  team_id: number;
}
export interface VendorPlayersTable {
  vendor: string;
  vendor_id: string;
  player_id: number;
}
export type VendorFixtureStatus = 'scheduled' | 'live' | 'finished' | 'abandoned' | 'postponed' | 'cancelled';
export interface VendorFixturesTable {
  vendor: string;
  vendor_id: string;
  fixture_id: number;
  vendor_status: Generated<VendorFixtureStatus>;
  lineup_checked_at: Date | null;
  result_at: Date | null;
}
/** One team's announced XI and named substitutes (player ids). */
export interface LineupTeam {
  team_id: number;
  playing: number[];
  substitutes: number[];
}
export interface FixtureLineupsTable {
  fixture_id: number;
  toss_winner_team_id: number | null;
  toss_decision: 'bat' | 'field' | null;
  teams: ColumnType<LineupTeam[], string, string>;
  source: string;
  announced_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// ---- operators (0015) ----
export interface OperatorsTable {
  user_id: number;
  granted_at: Generated<Date>;
  granted_by: number | null;
  granted_by_label: string;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  target: string;
  before: unknown | null;
  after: unknown | null;
}
export type ImportRunKind =
  | 'schedule'
  | 'squads'
  | 'cricsheet'
  | 'results'
  | 'result'
  | 'fetch'
  | 'scorecard'
  | 'vendor';
export type ImportRunTrigger = 'console' | 'cli' | 'schedule';
export type ImportRunOutcome = 'running' | 'succeeded' | 'partial' | 'failed' | 'not_modified';
export interface ImportRunsTable {
  id: Generated<number>;
  kind: ImportRunKind;
  trigger: ImportRunTrigger;
  source: string;
  started_by: number | null;
  started_by_label: string;
  started_at: Generated<Date>;
  finished_at: Date | null;
  outcome: ImportRunOutcome;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
  message: string | null;
  rescored_fixture_ids: ColumnType<number[], string | undefined, string>;
}
export interface ImportRunLinesTable {
  run_id: number;
  line_no: number;
  key: string;
  status: string;
  fixture_id: number | null;
  reason: string | null;
  path: string | null;
  before: unknown | null;
  after: unknown | null;
}

// ---- result emails (0017) ----
export interface ResultEmailsTable {
  fixture_id: number;
  digest: string;
  changed_at: Generated<Date>;
  sent_digest: string | null;
  sent_at: Date | null;
  results_sent: Generated<number>;
}

// ---- typed scorecards (0024) ----
export interface FixtureScorecardsTable {
  fixture_id: number;
  /** The scorecard as the console sent it (`ScorecardInput` of openapi.yaml: players by id). */
  scorecard: ColumnType<unknown, string, string>;
  /** `matchChecksum` of the match it wrote. */
  checksum: string;
  /** The digest of the fixture's figures right after the save (cricket/scorecard/written.ts). */
  written: string;
  saved_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  rate_limits: RateLimitsTable;
  email_outbox: EmailOutboxTable;
  faqs: FaqsTable;
  contact_messages: ContactMessagesTable;
  account_deletions: AccountDeletionsTable;
  // ---- cricket (0002) ----
  positions: PositionsTable;
  seasons: SeasonsTable;
  stages: StagesTable;
  teams: TeamsTable;
  players: PlayersTable;
  squads: SquadsTable;
  fixtures: FixturesTable;
  fixture_results: FixtureResultsTable;
  fixture_player_of_match: FixturePlayerOfMatchTable;
  fixture_innings: FixtureInningsTable;
  player_fixture_stats: PlayerFixtureStatsTable;
  cricsheet_imports: CricsheetImportsTable;
  features: FeaturesTable;
  feature_positions: FeaturePositionsTable;
  bonus_options: BonusOptionsTable;
  fixture_feature_winners: FixtureFeatureWinnersTable;
  player_fixture_feature_counts: PlayerFixtureFeatureCountsTable;
  player_fixture_points: PlayerFixturePointsView;
  fixture_feature_winner_lists: FixtureFeatureWinnerListsView;
  // ---- leagues (0003) ----
  leagues: LeaguesTable;
  league_members: LeagueMembersTable;
  league_configurations: LeagueConfigurationsTable;
  league_selection_configs: LeagueSelectionConfigsTable;
  // ---- picks (0004) ----
  league_selections: LeagueSelectionsTable;
  player_selections: PlayerSelectionsTable;
  fixture_jobs: FixtureJobsTable;
  pick_reminders: PickRemindersTable;
  app_secrets: AppSecretsTable;
  // ---- standings cache (0006) ----
  standings_versions: StandingsVersionsTable;
  standings_fixture_versions: StandingsFixtureVersionsTable;
  standings_points: StandingsPointsTable;
  standings_points_computed: StandingsPointsComputedTable;
  // ---- live (0010) ----
  live_fixtures: LiveFixturesTable;
  live_deliveries: LiveDeliveriesTable;
  live_player_lines: LivePlayerLinesTable;
  live_member_points: LiveMemberPointsTable;
  live_league_player_points: LiveLeaguePlayerPointsTable;
  live_events: LiveEventsTable;
  live_standings: LiveStandingsTable;
  live_standing_rows: LiveStandingRowsTable;
  // ---- operators (0015) ----
  operators: OperatorsTable;
  audit_log: AuditLogTable;
  import_runs: ImportRunsTable;
  import_run_lines: ImportRunLinesTable;
  // ---- cricsheet fetch (0016) ----
  cricsheet_fetch: CricsheetFetchTable;
  // ---- result emails (0017) ----
  result_emails: ResultEmailsTable;
  // ---- vendor calls (0022) ----
  vendor_calls: VendorCallsTable;
  // ---- typed scorecards (0024) ----
  fixture_scorecards: FixtureScorecardsTable;
  // ---- vendor connections (0025) ----
  vendor_connections: VendorConnectionsTable;
  vendor_teams: VendorTeamsTable;
  vendor_players: VendorPlayersTable;
  vendor_fixtures: VendorFixturesTable;
  fixture_lineups: FixtureLineupsTable;
  league_team_rules: LeagueTeamRulesTable;
  player_selection_teams: PlayerSelectionTeamsTable;
  fixture_player_prices: FixturePlayerPricesTable;
}
