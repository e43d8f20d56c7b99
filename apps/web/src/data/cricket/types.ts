import type { Schema } from '@fantasy-cricket/api-client';

export type Fixture = Schema<'Fixture'>;
export type PlayerOption = Schema<'PlayerOption'>;
export type TeamOption = Schema<'TeamOption'>;
export type StatsWidget = Schema<'StatsWidget'>;
