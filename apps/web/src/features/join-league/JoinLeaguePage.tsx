import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Column,
  Columns,
  createDataTableColumnHelper,
  DataTable,
  FormErrorSummary,
  QueryState,
  Text,
  TextField,
  Tooltip,
} from '@fantasy-cricket/ui';
import { joinPrivateFormSchema, messages, PUBLIC_SEARCH_MIN, publicJoinError } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { ApiError } from '../../shared/api';
import { errorNotificationText, notify, notifySuccess } from '../../shared/notify';
import { useJoinLeagueMutation } from '../../data/leagues/join-league-mutation';
import { usePublicLeaguesQuery } from '../../data/leagues/public-leagues-query';
import type { PublicLeague } from '../../data/leagues/types';
import { queryState } from '../../data/query-state';
import * as styles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';
import { INVITE_CODE_PARAM, invitedCode } from '../../shared/leagues/invite';
import { picksLink } from '../../shared/leagues/links';
import { homeScreen } from '../../shared/navigation';
import * as joinStyles from './JoinLeague.css';

const m = messages.join;

/**
 * A refused join: the spec's generic handler, and besides it the server's message for a 429 (too many
 * league codes that were not found: it says how long to wait, which the generic text would hide).
 */
function notifyJoinError(error: unknown): void {
  const tooMany = error instanceof ApiError && error.status === 429 && error.serverMessage;
  notify('error', tooMany || errorNotificationText(error, m.joinFailed));
}

/** What the public search box starts with. */
export const DEFAULT_PUBLIC_SEARCH = 'Daily Challenge';
export const SEARCH_DEBOUNCE_MS = 300;

type PublicRow = PublicLeague & { gamerName: string; joining: boolean };

/** How a search text is handled: empty loads all, 1–2 characters do nothing, 3 or more search. */
export function searchAction(text: string): { kind: 'all' } | { kind: 'none' } | { kind: 'search'; query: string } {
  const query = text.trim();
  if (query === '') return { kind: 'all' };
  if (query.length < PUBLIC_SEARCH_MIN) return { kind: 'none' };
  return { kind: 'search', query };
}

/** The search the public list shows: `text` once it has not changed for a moment, except 1–2 characters (ignored). */
function useDebouncedSearch(text: string): string {
  const [search, setSearch] = useState(() => {
    const action = searchAction(text);
    return action.kind === 'search' ? action.query : '';
  });
  useEffect(() => {
    const action = searchAction(text);
    if (action.kind === 'none') return;
    const timer = setTimeout(() => setSearch(action.kind === 'search' ? action.query : ''), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return search;
}

/** A join that went through: the league and whether the player is in (Approved) or waits (Pending). */
interface Joined {
  leagueId: number;
  /** Known for a public league joined from its row; a private request knows only its code. */
  leagueName: string | null;
  status: 'Pending' | 'Approved' | 'Rejected';
}

/** The next step after a join, one tap away: the picks of the league, or My Leagues while the admin decides. */
function NextStep({ joined }: { joined: Joined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  if (joined.status === 'Approved') {
    const name = joined.leagueName ?? 'The league';
    return (
      <div ref={ref} className={joinStyles.nextStep} role="status">
        <Text as="span">
          {m.publicJoined} {name} is now one of your leagues: make your picks for its next fixture.
        </Text>
        <Button asChild>
          <Link to={picksLink(joined.leagueId)}>{messages.home.makePicks}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div ref={ref} className={joinStyles.nextStep} role="status">
      <Text as="span">
        <strong>{messages.home.waitingApproval}.</strong> The league is in My Leagues meanwhile; its picks open once the
        admin approves you.
      </Text>
      <Button asChild variant="secondary">
        <Link to="/home/view-my-leagues">{homeScreen('view-my-leagues').label}</Link>
      </Button>
    </div>
  );
}

function PrivateJoin({
  userId,
  invited,
  onJoined,
}: {
  userId: number | undefined;
  /** The code of the invite link that opened the page ('' when none): filled in. */
  invited: string;
  onJoined: (joined: Joined) => void;
}) {
  const join = useJoinLeagueMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(joinPrivateFormSchema),
    mode: 'onTouched',
    defaultValues: { leagueCode: invited, displayName: '' },
  });
  // Opened from an invite link: the code is there, the Gamer Name is what is left to type.
  useEffect(() => {
    if (invited) setFocus('displayName');
  }, [invited, setFocus]);

  return (
    <Card title="Join a private league">
      <form
        noValidate
        className={styles.form}
        onSubmit={handleSubmit(
          async (values) => {
            setFormError(undefined);
            if (userId === undefined) {
              notify('error', messages.common.unexpected);
              return;
            }
            try {
              const answer = await join.mutateAsync({
                UserID: userId,
                LeagueCode: values.leagueCode,
                DisplayName: values.displayName,
              });
              notifySuccess(m.privateSent);
              reset({ leagueCode: '', displayName: '' });
              onJoined({ leagueId: answer.LeagueID, leagueName: null, status: answer.Status });
            } catch (error) {
              notifyJoinError(error);
            }
          },
          () => setFormError(messages.common.fixForm),
        )}
      >
        <Text tone="muted">
          {invited
            ? 'You were invited: the league code is filled in. Add your Gamer Name and send the request; the league admin approves it before you can play.'
            : 'Ask the league admin for the code. They approve your request before you can play.'}
        </Text>
        <FormErrorSummary message={formError} />
        <Columns gap="md" collapseBelow="sm">
          <Column>
            <TextField
              label="League Code"
              required
              autoCapitalize="characters"
              autoComplete="off"
              error={errors.leagueCode?.message}
              {...register('leagueCode')}
            />
          </Column>
          <Column>
            <TextField
              label={m.gamerNameLabel}
              required
              autoComplete="nickname"
              hint={m.gamerNameTooltip}
              error={errors.displayName?.message}
              {...register('displayName')}
            />
          </Column>
        </Columns>
        <div>
          <Button type="submit" loading={isSubmitting}>
            {m.joinPrivate}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PublicJoin({ userId, onJoined }: { userId: number | undefined; onJoined: (joined: Joined) => void }) {
  const [search, setSearch] = useState(DEFAULT_PUBLIC_SEARCH);
  const searched = useDebouncedSearch(search);
  const leaguesQuery = usePublicLeaguesQuery(userId ?? 0, searched);
  const leagues = leaguesQuery.data;
  const joinMutation = useJoinLeagueMutation();
  const [names, setNames] = useState<Record<number, string>>({});
  const [joining, setJoining] = useState<number | null>(null);

  const join = async (league: PublicLeague) => {
    if (userId === undefined) {
      notify('error', messages.common.unexpected);
      return;
    }
    const displayName = (names[league.LeagueID] ?? '').trim();
    const invalid = publicJoinError(league.LeagueCode, displayName);
    if (invalid) {
      notify('error', invalid);
      return;
    }
    setJoining(league.LeagueID);
    try {
      // The league leaves the cached public lists (the mutation updates them).
      const answer = await joinMutation.mutateAsync({
        UserID: userId,
        LeagueCode: league.LeagueCode,
        DisplayName: displayName,
      });
      notifySuccess(m.publicJoined);
      onJoinedRef.current({ leagueId: answer.LeagueID, leagueName: league.LeagueName, status: answer.Status });
    } catch (error) {
      notifyJoinError(error);
    } finally {
      setJoining(null);
    }
  };

  const joinRef = useRef(join);
  joinRef.current = join;
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;
  const rows = useMemo(
    () =>
      (leagues ?? []).map((league) => ({
        ...league,
        gamerName: names[league.LeagueID] ?? '',
        joining: joining === league.LeagueID,
      })),
    [leagues, names, joining],
  );

  // Memoised once: a new cell function on every render would remount the inputs (and drop focus).
  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<PublicRow>();
    return [
      col.accessor('LeagueName', {
        header: 'League Name',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className={styles.cellStack}>
            <Text as="span" weight="semibold">
              {row.original.LeagueName}
            </Text>
            <Text as="span" size="sm" tone="muted">
              {row.original.Description.trim() || m.noDescription}
            </Text>
            <Text as="span" size="xs" tone="muted">
              {row.original.LeagueTypeName} · {row.original.SeriesName} · {row.original.MemberCount}{' '}
              {row.original.MemberCount === 1 ? 'member' : 'members'}
            </Text>
          </div>
        ),
      }),
      col.display({
        id: 'gamer-name',
        header: m.gamerNameLabel,
        cell: ({ row }) => (
          <Tooltip content={m.gamerNameTooltip}>
            <input
              className={styles.wideInput}
              aria-label={`${m.gamerNameLabel} for ${row.original.LeagueName}`}
              autoComplete="nickname"
              value={row.original.gamerName}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setNames((all) => ({ ...all, [row.original.LeagueID]: value }));
              }}
            />
          </Tooltip>
        ),
      }),
      col.display({
        id: 'join',
        header: 'Join',
        meta: { align: 'center', narrow: 'actions' },
        cell: ({ row }) => (
          <Button
            size="sm"
            aria-label={`Join ${row.original.LeagueName}`}
            loading={row.original.joining}
            onClick={() => void joinRef.current(row.original)}
          >
            Join
          </Button>
        ),
      }),
    ];
  }, []);

  return (
    <Card title="Join a public league">
      <div className={styles.form}>
        <TextField
          label={m.searchLabel}
          type="search"
          value={search}
          hint={`Type at least ${PUBLIC_SEARCH_MIN} characters to search names and descriptions, or clear the box to see every public league.`}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <QueryState
          {...queryState(leaguesQuery)}
          loadingText="Loading public leagues…"
          errorMessage={searched ? m.searchFailed : m.loadFailed}
        >
          <DataTable
            caption="Public leagues"
            captionHidden
            className={styles.table}
            columns={columns}
            data={rows}
            getRowId={(league) => String(league.LeagueID)}
            emptyMessage="No public leagues match your search."
          />
        </QueryState>
      </div>
    </Card>
  );
}

/** Join a League (spec sections 2, 4, 5, 8): private by code, or public by search; the URL picks which. */
export function JoinLeaguePage() {
  const user = useAtomValue(storedUserAtom);
  const [params, setParams] = useSearchParams();
  const isPublic = params.get('isPublicLeague') === 'true';
  const invited = isPublic ? '' : invitedCode(params);
  const choose = (pub: boolean) => setParams({ isPublicLeague: String(pub) }, { replace: true });
  const [joined, setJoined] = useState<Joined | null>(null);
  /** After the request is sent the invite's code leaves the address (a reload starts empty). */
  const privateJoined = (next: Joined) => {
    setJoined(next);
    if (!params.has(INVITE_CODE_PARAM)) return;
    setParams({ isPublicLeague: 'false' }, { replace: true });
  };

  return (
    <Page
      title="Join a League"
      intro="Join a friend's private league with its code, or jump into a public one."
      width="wide"
    >
      <fieldset className={joinStyles.toggle}>
        <legend className={joinStyles.legend}>League kind</legend>
        <Button variant={isPublic ? 'secondary' : 'primary'} aria-pressed={!isPublic} onClick={() => choose(false)}>
          Private League
        </Button>
        <Button variant={isPublic ? 'primary' : 'secondary'} aria-pressed={isPublic} onClick={() => choose(true)}>
          Public League
        </Button>
      </fieldset>
      {joined ? <NextStep joined={joined} /> : null}
      {isPublic ? (
        <PublicJoin userId={user?.userId} onJoined={setJoined} />
      ) : (
        <PrivateJoin key={invited} userId={user?.userId} invited={invited} onJoined={privateJoined} />
      )}
    </Page>
  );
}
