import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
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
import { useSearchParams } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { notify, notifyError, notifySuccess } from '../../shared/notify';
import { useJoinLeagueMutation } from '../../data/leagues/member-mutations';
import { usePublicLeaguesQuery } from '../../data/leagues/public-leagues-query';
import type { PublicLeague } from '../../data/leagues/types';
import { queryState } from '../../data/query-state';
import * as styles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';
import * as joinStyles from './JoinLeague.css';

const m = messages.join;

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

function PrivateJoin({ userId }: { userId: number | undefined }) {
  const join = useJoinLeagueMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(joinPrivateFormSchema),
    mode: 'onTouched',
    defaultValues: { leagueCode: '', displayName: '' },
  });

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
              await join.mutateAsync({
                UserID: userId,
                LeagueCode: values.leagueCode,
                DisplayName: values.displayName,
              });
              notifySuccess(m.privateSent);
              reset();
            } catch (error) {
              notifyError(error, m.joinFailed);
            }
          },
          () => setFormError(messages.common.fixForm),
        )}
      >
        <Text tone="muted">Ask the league admin for the code. They approve your request before you can play.</Text>
        <FormErrorSummary message={formError} />
        <div className={styles.pair}>
          <TextField
            label="League Code"
            required
            autoCapitalize="characters"
            autoComplete="off"
            error={errors.leagueCode?.message}
            {...register('leagueCode')}
          />
          <TextField
            label="Gamer Name"
            required
            autoComplete="nickname"
            hint={m.gamerNameTooltip}
            error={errors.displayName?.message}
            {...register('displayName')}
          />
        </div>
        <div>
          <Button type="submit" loading={isSubmitting}>
            {m.joinPrivate}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PublicJoin({ userId }: { userId: number | undefined }) {
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
      await joinMutation.mutateAsync({ UserID: userId, LeagueCode: league.LeagueCode, DisplayName: displayName });
      notifySuccess(m.publicJoined);
    } catch (error) {
      notifyError(error, m.joinFailed);
    } finally {
      setJoining(null);
    }
  };

  const joinRef = useRef(join);
  joinRef.current = join;
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
        header: 'Gamer Name',
        cell: ({ row }) => (
          <Tooltip content={m.gamerNameTooltip}>
            <input
              className={styles.wideInput}
              aria-label={`Gamer Name for ${row.original.LeagueName}`}
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
  const choose = (pub: boolean) => setParams({ isPublicLeague: String(pub) }, { replace: true });

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
      {isPublic ? <PublicJoin userId={user?.userId} /> : <PrivateJoin userId={user?.userId} />}
    </Page>
  );
}
