import type { Schema } from '@fantasy-cricket/api-client';

export type LeaderboardRow = Schema<'LeaderboardRow'>;
export type PointsProgression = Schema<'PointsProgression'>;
export type ContestWidget = Schema<'ContestWidget'>;
export type ContestEntry = ContestWidget['Entry'][number];
export type PastSelection = Schema<'PastSelection'>;
export type PastPlayerSelection = Schema<'PastPlayerSelection'>;
export type PlayerScoringDetail = Schema<'PlayerScoringDetail'>;
