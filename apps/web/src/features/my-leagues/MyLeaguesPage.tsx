import {
  Button,
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  QueryState,
  Text,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { errorNotificationText, notifyError, notifySuccess } from '../../shared/notify';
import { useActivateLeagueMutation } from '../../data/leagues/activate-league-mutation';
import { useDeleteLeagueMutation } from '../../data/leagues/delete-league-mutation';
import { isApprovedMember, type League } from '../../data/leagues/types';
import { useUserLeaguesQuery } from '../../data/leagues/user-leagues-query';
import { queryState } from '../../data/query-state';
import { ConfigureLeagueModal } from './league-config/ConfigureLeagueModal';
import { canEditLeague, EditLeagueModal } from './league-config/EditLeagueModal';
import { IconButton } from '../../shared/leagues/IconButton';
import { ActivateIcon, ConfigureIcon, DeleteIcon, EditIcon, InviteIcon, ViewIcon } from '../../shared/icons';
import { InviteModal } from './InviteModal';
import * as styles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';

const m = messages.myLeagues;

/** Leagues shown: Draft, Active and Finished (other statuses exist but are not shown). */
const SHOWN_STATUSES = new Set(['Draft', 'Active', 'Finished']);

/** Whether the user may activate or delete this league: its admin, while it is a Draft. */
export function adminsDraft(league: League, userId: number): boolean {
  return league.AdminUserID === userId && league.Status === 'Draft';
}

const shown = (league: League) => SHOWN_STATUSES.has(league.Status);

type Popup = { kind: 'configure' | 'edit' | 'activate' | 'delete' | 'invite'; league: League } | null;

/** Whether the user may invite to this league: its admin, when it is private. */
export function invites(league: League, userId: number): boolean {
  return league.IsPrivate && league.AdminUserID === userId;
}

/** My Leagues (spec sections 2, 4, 6, 8): the user's leagues with configure, edit, activate and delete. */
export function MyLeaguesPage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId ?? 0;
  const leaguesQuery = useUserLeaguesQuery(userId, shown);
  const leagues = leaguesQuery.data;
  const [popup, setPopup] = useState<Popup>(null);
  const activate = useActivateLeagueMutation();
  const remove = useDeleteLeagueMutation();
  const busy = activate.isPending || remove.isPending;

  const showAdminColumns = (leagues ?? []).some((league) => adminsDraft(league, userId));

  const runConfirmed = async (kind: 'activate' | 'delete', league: League) => {
    try {
      // Each resolves once the list of leagues is reloaded.
      const result =
        kind === 'activate'
          ? await activate.mutateAsync({ userId, leagueId: league.LeagueID })
          : await remove.mutateAsync(league.LeagueID);
      setPopup(null);
      notifySuccess(result?.message);
    } catch (error) {
      setPopup(null);
      notifyError(error, kind === 'activate' ? m.activateFailed : m.deleteFailed);
    }
  };

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<League>();
    const base = [
      col.accessor('LeagueName', {
        header: 'League Name',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className={styles.cellStack}>
            <span>{row.original.LeagueName}</span>
            <span className={styles.actionsStart}>
              <Text as="span" size="xs" tone="muted" weight="regular">
                {row.original.LeagueTypeName}
              </Text>
              <span className={styles.badge}>{row.original.Status}</span>
              {isApprovedMember(row.original) ? null : <span className={styles.badge}>Awaiting approval</span>}
            </span>
          </div>
        ),
      }),
      col.accessor((league) => (league.IsPrivate ? league.LeagueCode : 'Public'), {
        id: 'code',
        header: 'League Code',
        cell: (info) =>
          invites(info.row.original, userId) ? (
            <span className={`${styles.actionsStart} ${styles.nowrap}`}>
              <span>{info.getValue()}</span>
              <IconButton
                label={`Invite to ${info.row.original.LeagueName}`}
                icon={<InviteIcon />}
                onClick={() => setPopup({ kind: 'invite', league: info.row.original })}
              />
            </span>
          ) : (
            <span className={styles.nowrap}>{info.getValue()}</span>
          ),
      }),
      col.display({
        id: 'configure',
        header: 'Configuration',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          isApprovedMember(row.original) ? (
            <IconButton
              label={`Configure ${row.original.LeagueName}`}
              icon={<ConfigureIcon />}
              onClick={() => setPopup({ kind: 'configure', league: row.original })}
            />
          ) : null,
      }),
      col.display({
        id: 'edit',
        header: 'Edit',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        // The popup is read-only for members who cannot save it: their button says View.
        cell: ({ row }) =>
          isApprovedMember(row.original) ? (
            canEditLeague(row.original, userId) ? (
              <IconButton
                label={`Edit ${row.original.LeagueName}`}
                icon={<EditIcon />}
                onClick={() => setPopup({ kind: 'edit', league: row.original })}
              />
            ) : (
              <IconButton
                label={`View ${row.original.LeagueName}`}
                icon={<ViewIcon />}
                onClick={() => setPopup({ kind: 'edit', league: row.original })}
              />
            )
          ) : null,
      }),
    ];
    if (!showAdminColumns) return base;
    return [
      ...base,
      col.display({
        id: 'activate',
        header: 'Activate',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          adminsDraft(row.original, userId) ? (
            <IconButton
              label={`Activate ${row.original.LeagueName}`}
              icon={<ActivateIcon />}
              onClick={() => setPopup({ kind: 'activate', league: row.original })}
            />
          ) : null,
      }),
      col.display({
        id: 'delete',
        header: 'Delete',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          adminsDraft(row.original, userId) ? (
            <IconButton
              label={`Delete ${row.original.LeagueName}`}
              icon={<DeleteIcon />}
              onClick={() => setPopup({ kind: 'delete', league: row.original })}
            />
          ) : null,
      }),
    ];
  }, [showAdminColumns, userId]);

  const close = (open: boolean) => {
    if (!open) setPopup(null);
  };

  return (
    <Page title="My Leagues" intro="Every league you run or play in." width="wide">
      <Card
        title="Your leagues"
        actions={
          <Button asChild size="sm" variant="secondary">
            <Link to="/home/start-league">Start a League</Link>
          </Button>
        }
      >
        <QueryState
          {...queryState(leaguesQuery)}
          loadingText="Loading your leagues…"
          errorMessage={errorNotificationText(leaguesQuery.error, m.fetchFailed)}
        >
          <DataTable
            caption="Your leagues"
            captionHidden
            className={styles.table}
            columns={columns}
            data={leagues ?? []}
            getRowId={(league) => String(league.LeagueID)}
            emptyMessage={m.empty}
          />
        </QueryState>
      </Card>
      {popup?.kind === 'configure' ? (
        <ConfigureLeagueModal league={popup.league} userId={userId} open onOpenChange={close} />
      ) : null}
      {popup?.kind === 'invite' ? <InviteModal league={popup.league} open onOpenChange={close} /> : null}
      {popup?.kind === 'edit' ? (
        <EditLeagueModal league={popup.league} userId={userId} open onOpenChange={close} />
      ) : null}
      <ConfirmDialog
        open={popup?.kind === 'activate'}
        onOpenChange={close}
        title="Activate league?"
        message={
          popup?.kind === 'activate'
            ? `Activate "${popup.league.LeagueName}"? Once the league is active, no changes are allowed: its configuration, player counts and points are final.`
            : ''
        }
        confirmLabel="Activate"
        busy={busy}
        onConfirm={() => popup && void runConfirmed('activate', popup.league)}
      />
      <ConfirmDialog
        open={popup?.kind === 'delete'}
        onOpenChange={close}
        title="Delete league?"
        message={popup?.kind === 'delete' ? `Delete "${popup.league.LeagueName}"? This cannot be undone.` : ''}
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onConfirm={() => popup && void runConfirmed('delete', popup.league)}
      />
    </Page>
  );
}
