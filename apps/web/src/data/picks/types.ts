import type { Schema } from '@fantasy-cricket/api-client';

export type FeatureRow = Schema<'FeatureRow'>;
export type PlayerSelectionRow = Schema<'PlayerSelectionRow'>;
export type MatchPredictionSaveItem = Schema<'MatchPredictionSaveItem'>;
export type PlayerSelectionSaveItem = Schema<'PlayerSelectionSaveItem'>;
export type SaveResult = Schema<'SaveResult'>;
export type FixtureSelection = Schema<'FixtureSelection'>;
export type FixturePlayerSelection = Schema<'FixturePlayerSelection'>;
export type PlayerFigures = Schema<'PlayerFigures'>;
export type PlayerSelectionTeam = Schema<'PlayerSelectionTeam'>;
export type PlayerSelectionTeamSave = Schema<'PlayerSelectionTeamSave'>;
