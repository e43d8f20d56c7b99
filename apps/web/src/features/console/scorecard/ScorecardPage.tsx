import { Card, QueryState, Select, Text, TextLink } from '@fantasy-cricket/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useOperatorFixturesQuery } from '../../../data/operator/fixtures-query';
import { useFixtureScorecardQuery } from '../../../data/operator/scorecard-query';
import { useOperatorSeasonsQuery } from '../../../data/operator/seasons-query';
import { queryState } from '../../../data/query-state';
import { errorNotificationText } from '../../../shared/notify';
import { Page } from '../../../shared/Page/Page';
import * as consoleStyles from '../shared/console.css';
import { formatDateTime } from '../shared/format';
import { ScorecardForm } from './ScorecardForm';
import * as styles from './scorecard.css';

const sourceText = { cricsheet: 'from Cricsheet', manual: 'set by hand', scorecard: 'from a typed scorecard' } as const;

/** The season and fixture pickers; the fixture is kept in the address (`?fixture=`) so a link opens it. */
function FixturePicker({ fixtureId, onFixture }: { fixtureId: number; onFixture: (id: number) => void }) {
  const seasons = useOperatorSeasonsQuery();
  const sheet = useFixtureScorecardQuery(fixtureId);
  const [seasonChoice, setSeasonChoice] = useState('');
  // A fixture opened by its link: its season is the one shown.
  useEffect(() => {
    if (seasonChoice || !sheet.data || !seasons.data) return;
    const s = seasons.data.find((x) => x.Name === sheet.data.Season);
    if (s) setSeasonChoice(String(s.SeasonID));
  }, [seasonChoice, sheet.data, seasons.data]);
  const season =
    seasons.data?.find((s) => String(s.SeasonID) === seasonChoice) ??
    seasons.data?.find((s) => s.Active) ??
    seasons.data?.[0];
  const fixtures = useOperatorFixturesQuery(season?.SeasonID ?? 0);
  return (
    <Card title="Fixture" headingLevel={2}>
      <QueryState
        {...queryState(seasons)}
        loadingText="Loading seasons…"
        errorMessage={errorNotificationText(seasons.error, 'The seasons could not be loaded. Please try again.')}
        isEmpty={(seasons.data ?? []).length === 0}
        emptyMessage="No seasons yet."
      >
        <div className={styles.pair}>
          <Select
            label="Season"
            options={(seasons.data ?? []).map((s) => ({ value: String(s.SeasonID), label: s.Name }))}
            value={season ? String(season.SeasonID) : ''}
            onValueChange={(v) => {
              setSeasonChoice(v);
              onFixture(0);
            }}
          />
          <QueryState
            {...queryState(fixtures)}
            loadingText="Loading fixtures…"
            errorMessage={errorNotificationText(fixtures.error, 'The fixtures could not be loaded. Please try again.')}
            isEmpty={(fixtures.data ?? []).length === 0}
            emptyMessage="This season has no fixtures yet."
          >
            <Select
              label="Fixture"
              options={(fixtures.data ?? []).map((f) => ({
                value: String(f.FixtureID),
                label: `${f.Name}: ${f.Home.Code} v ${f.Away.Code}`,
                description: `${formatDateTime(f.StartTime)}${f.Result ? ` · ${f.Result}` : ''}`,
              }))}
              value={fixtureId > 0 && fixtures.data?.some((f) => f.FixtureID === fixtureId) ? String(fixtureId) : ''}
              placeholder="Choose the match…"
              onValueChange={(v) => onFixture(Number(v))}
            />
          </QueryState>
        </div>
      </QueryState>
    </Card>
  );
}

/**
 * Scorecard (/console/scorecard): for a league without a data vendor, an operator types (or pastes) a
 * fixture's scorecard; it is checked field by field, written and scored as an imported match, and a
 * later Cricsheet file of the match replaces it (docs/decisions/0044-typed-scorecards.md).
 */
export function ScorecardPage() {
  const [params, setParams] = useSearchParams();
  const fixtureId = Number(params.get('fixture') ?? 0) || 0;
  const sheet = useFixtureScorecardQuery(fixtureId);
  const onFixture = (id: number) => setParams(id > 0 ? { fixture: String(id) } : {}, { replace: true });
  return (
    <Page
      title="Scorecard"
      intro="Type or paste a match's scorecard when no data vendor sends one: it is scored like an imported match."
      width="wide"
    >
      <div className={consoleStyles.stack}>
        <FixturePicker fixtureId={fixtureId} onFixture={onFixture} />
        {fixtureId > 0 ? (
          <QueryState
            {...queryState(sheet)}
            loadingText="Loading the fixture…"
            errorMessage={errorNotificationText(sheet.error, 'The fixture could not be loaded. Please try again.')}
          >
            {sheet.data ? (
              <>
                <Text tone="muted">
                  {sheet.data.Name} · {sheet.data.Teams[0]?.Name} v {sheet.data.Teams[1]?.Name} ·{' '}
                  {formatDateTime(sheet.data.StartTime)}
                  {sheet.data.Result
                    ? ` · ${sheet.data.Result}${sheet.data.ResultSource ? ` (${sourceText[sheet.data.ResultSource]})` : ''}`
                    : ''}
                  {sheet.data.SavedAt ? ` · scorecard saved ${formatDateTime(sheet.data.SavedAt)}` : ''}
                </Text>
                {sheet.data.Editable ? (
                  <ScorecardForm key={sheet.data.FixtureID} sheet={sheet.data} />
                ) : (
                  <Card>
                    <div className={styles.stackBlock}>
                      <Text>{sheet.data.NotEditableReason}</Text>
                      <Text size="sm">
                        <TextLink asChild>
                          <Link to="/console/results">Results</Link>
                        </TextLink>
                      </Text>
                    </div>
                  </Card>
                )}
              </>
            ) : null}
          </QueryState>
        ) : null}
      </div>
    </Page>
  );
}
