/** Query keys of the operator console (tag `operator`): components never write keys inline. */
export const operatorKeys = {
  all: ['operator'] as const,
  status: () => [...operatorKeys.all, 'status'] as const,
  seasons: () => [...operatorKeys.all, 'seasons'] as const,
  fixtures: (seasonId: number) => [...operatorKeys.all, 'fixtures', seasonId] as const,
  scorecard: (fixtureId: number) => [...operatorKeys.all, 'scorecard', fixtureId] as const,
  prices: (fixtureId: number) => [...operatorKeys.all, 'prices', fixtureId] as const,
  /** Every fixture list (a result upload can touch any season). */
  allFixtures: () => [...operatorKeys.all, 'fixtures'] as const,
  imports: () => [...operatorKeys.all, 'imports'] as const,
  importPage: (before: number | null, limit: number) => [...operatorKeys.imports(), 'page', before, limit] as const,
  importRun: (importRunId: number) => [...operatorKeys.imports(), 'run', importRunId] as const,
  health: (hours: number) => [...operatorKeys.all, 'health', hours] as const,
  allHealth: () => [...operatorKeys.all, 'health'] as const,
  fetch: () => [...operatorKeys.all, 'fetch'] as const,
  vendors: () => [...operatorKeys.all, 'vendors'] as const,
  vendorCompetitions: (vendor: string) => [...operatorKeys.vendors(), 'competitions', vendor] as const,
  operators: () => [...operatorKeys.all, 'operators'] as const,
  audit: () => [...operatorKeys.all, 'audit'] as const,
  auditPage: (before: number | null, limit: number) => [...operatorKeys.audit(), 'page', before, limit] as const,
};
