import { DAILY_CHALLENGE_MATCH, DISPLAY_NAME_MIN, messages, publicJoinError } from '@fantasy-cricket/rules';
import { Button, Card, createDataTableColumnHelper, DataTable, QueryState, TextField } from '@fantasy-cricket/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useJoinLeagueMutation } from '../../data/leagues/join-league-mutation';
import type { PublicLeague } from '../../data/leagues/types';
import { queryState } from '../../data/query-state';
import { picksLink } from '../../shared/leagues/links';
import * as leagueStyles from '../../shared/leagues/leagues.css';
import { homeScreen } from '../../shared/navigation';
import { notify, notifyError, notifySuccess } from '../../shared/notify';
import * as styles from './home.css';

const j = messages.join;

type ChallengeRow = PublicLeague & { joining: boolean };

/** The Gamer Name a one-tap join starts with: the last one used, else the first name when long enough. */
export function initialGamerName(lastUsed: string, firstName: string): string {
  if (lastUsed.trim()) return lastUsed;
  return firstName.trim().length >= DISPLAY_NAME_MIN ? firstName.trim() : '';
}

/**
 * Today's Daily Challenges (spec section 2: the League Name column with a Join link to
 * /home/join-league?isPublicLeague=true), and a one-tap "Join now" on each row with the Gamer Name
 * above the table — the last one the player used, editable. It calls the same join as Join a League
 * (its checks, its success message), then offers the next step: Make your picks in that league.
 */
export function DailyChallenges({
  publicLeagues,
  userId,
  gamerName,
}: {
  publicLeagues: UseQueryResult<PublicLeague[]>;
  userId: number;
  gamerName: string;
}) {
  const [name, setName] = useState(gamerName);
  const [nameError, setNameError] = useState<string>();
  const [joining, setJoining] = useState<number | null>(null);
  const [joined, setJoined] = useState<{ id: number; name: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const mutation = useJoinLeagueMutation();

  const challenges = useMemo(
    () => (publicLeagues.data ?? []).filter((l) => l.LeagueName.includes(DAILY_CHALLENGE_MATCH)),
    [publicLeagues.data],
  );

  const joinNow = async (league: PublicLeague) => {
    if (userId <= 0) {
      notify('error', messages.common.unexpected);
      return;
    }
    const displayName = name.trim();
    const invalid = publicJoinError(league.LeagueCode, displayName);
    if (invalid) {
      setNameError(invalid);
      nameRef.current?.focus();
      return;
    }
    setNameError(undefined);
    setJoining(league.LeagueID);
    try {
      const answer = await mutation.mutateAsync({
        UserID: userId,
        LeagueCode: league.LeagueCode,
        DisplayName: displayName,
      });
      notifySuccess(j.publicJoined);
      setJoined({ id: answer.LeagueID, name: league.LeagueName });
    } catch (error) {
      notifyError(error, j.joinFailed);
    } finally {
      setJoining(null);
    }
  };
  const joinRef = useRef(joinNow);
  joinRef.current = joinNow;

  const rows = useMemo<ChallengeRow[]>(
    () => challenges.map((c) => ({ ...c, joining: joining === c.LeagueID })),
    [challenges, joining],
  );
  // Built once: the cells call the latest join through the ref.
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<ChallengeRow>();
    return [
      col.accessor('LeagueName', {
        header: 'League Name',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className={styles.challengeCell}>
            <span className={styles.challengeName}>{row.original.LeagueName}</span>
            <Button
              size="sm"
              loading={row.original.joining}
              aria-label={`Join now: ${row.original.LeagueName}`}
              onClick={() => void joinRef.current(row.original)}
            >
              Join now
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link to="/home/join-league?isPublicLeague=true" aria-label={`Join ${row.original.LeagueName}`}>
                Join
              </Link>
            </Button>
          </div>
        ),
      }),
    ];
  }, []);

  return (
    <Card
      id="daily-challenges"
      title="Daily Challenges"
      actions={
        <Button asChild size="sm" variant="ghost">
          <Link to="/home/start-league">{homeScreen('start-league').label}</Link>
        </Button>
      }
    >
      <div className={styles.quickJoin}>
        {joined ? (
          <div className={styles.joined} role="status">
            <span>
              {j.publicJoined} {joined.name} is now one of your leagues.
            </span>
            <Button asChild size="sm">
              <Link to={picksLink(joined.id)} aria-label={`${messages.home.makePicks}: ${joined.name}`}>
                {messages.home.makePicks}
              </Link>
            </Button>
          </div>
        ) : null}
        <QueryState
          {...queryState(publicLeagues)}
          loadingText="Loading daily challenges…"
          errorMessage={messages.home.dailyChallengesFailed}
        >
          {challenges.length > 0 ? (
            <TextField
              ref={nameRef}
              className={styles.quickName}
              label={j.gamerNameLabel}
              autoComplete="nickname"
              value={name}
              hint={`Join now uses this name. ${j.gamerNameTooltip}`}
              error={nameError}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          ) : null}
          <DataTable
            caption="Daily Challenges"
            captionHidden
            className={leagueStyles.table}
            columns={columns}
            data={rows}
            getRowId={(row) => String(row.LeagueID)}
            emptyMessage="No Daily Challenges are open right now. Check back tomorrow."
          />
        </QueryState>
      </div>
    </Card>
  );
}
