import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts';
import * as m0002 from './0002_cricket';
import * as m0003 from './0003_leagues';
import * as m0004 from './0004_picks';
import * as m0005 from './0005_selection_config_lock';
import * as m0006 from './0006_standings_cache';
import * as m0007 from './0007_change_notifications';
import * as m0008 from './0008_feature_counts_key';
import * as m0009 from './0009_duplicate_matches';
import * as m0010 from './0010_live';
import * as m0011 from './0011_live_standings_pending';
import * as m0012 from './0012_live_league_player_points';
import * as m0013 from './0013_live_state_token';
import * as m0014 from './0014_live_standings_versions';
import * as m0015 from './0015_operators';
import * as m0016 from './0016_cricsheet_fetch';
import * as m0017 from './0017_result_emails';
import * as m0018 from './0018_league_admin_notify';
import * as m0022 from './0022_vendor_calls';
import * as m0024 from './0024_typed_scorecards';
import * as m0025 from './0025_vendor_connections';
import * as m0026 from './0026_team_rules';
import * as m0027 from './0027_vendor_connection_rows';

/**
 * Every migration, keyed by a sortable name. Add new files as 000N_<area>.ts and list them here.
 * Never edit a migration that has landed on main: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_cricket': m0002,
  '0003_leagues': m0003,
  '0004_picks': m0004,
  '0005_selection_config_lock': m0005,
  '0006_standings_cache': m0006,
  '0007_change_notifications': m0007,
  '0008_feature_counts_key': m0008,
  '0009_duplicate_matches': m0009,
  '0010_live': m0010,
  '0011_live_standings_pending': m0011,
  '0012_live_league_player_points': m0012,
  '0013_live_state_token': m0013,
  '0014_live_standings_versions': m0014,
  '0015_operators': m0015,
  '0016_cricsheet_fetch': m0016,
  '0017_result_emails': m0017,
  '0018_league_admin_notify': m0018,
  '0022_vendor_calls': m0022,
  '0024_typed_scorecards': m0024,
  '0025_vendor_connections': m0025,
  '0026_team_rules': m0026,
  '0027_vendor_connection_rows': m0027,
};
