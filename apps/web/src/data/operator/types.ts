import type { paths, Schema } from '@fantasy-cricket/api-client';

export type OperatorSeason = Schema<'OperatorSeason'>;
export type OperatorFixture = Schema<'OperatorFixture'>;
export type Operator = Schema<'Operator'>;
export type AuditEntry = Schema<'AuditEntry'>;
export type ImportRun = Schema<'ImportRun'>;
export type ImportReport = Schema<'ImportReport'>;
export type ImportLine = Schema<'ImportLine'>;
export type DataHealth = Schema<'DataHealth'>;
export type FetchStatus = Schema<'FetchStatus'>;
export type UploadedFile = Schema<'UploadedFile'>;
export type FixtureResultRequest = Schema<'FixtureResultRequest'>;
export type CreateSeasonRequest = Schema<'CreateSeasonRequest'>;
export type ScorecardSheet = Schema<'ScorecardSheet'>;
export type ScorecardTeam = Schema<'ScorecardTeam'>;
export type ScorecardInput = Schema<'ScorecardInput'>;
export type ScorecardProblem = Schema<'ScorecardProblem'>;
export type ScorecardPreview = Schema<'ScorecardPreview'>;
export type VendorStatus = Schema<'VendorStatus'>;
export type VendorName = VendorStatus['Vendor'];
export type VendorCompetition = Schema<'VendorCompetition'>;
export type VendorCompetitionReport = Schema<'VendorCompetitionReport'>;
export type VendorCredentialsRequest = Schema<'VendorCredentialsRequest'>;
export type VendorSettingsRequest = Schema<'VendorSettingsRequest'>;
export type FixturePrices = Schema<'FixturePrices'>;
export type FixturePrice = Schema<'FixturePrice'>;
export type SetFixturePriceBody =
  paths['/operator/fixtures/{fixtureId}/prices']['put']['requestBody']['content']['application/json'];
