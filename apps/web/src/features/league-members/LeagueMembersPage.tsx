import {
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  QueryState,
  Text,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { storedUserAtom } from '../../shared/atoms';
import { notifyError, notifySuccess } from '../../shared/notify';
import { useLeagueMembersQuery } from '../../data/leagues/league-members-query';
import { useChangeLeagueAdminMutation } from '../../data/leagues/change-admin-mutation';
import { useUpdateMemberStatusMutation } from '../../data/leagues/member-status-mutation';
import { isApprovedMember, type League, type LeagueMember } from '../../data/leagues/types';
import { pendingRequests } from '../../data/leagues/user-leagues-query';
import { queryState } from '../../data/query-state';
import { IconButton } from '../../shared/leagues/IconButton';
import { LeaguePicker, useMyLeagues } from '../../shared/leagues/LeaguePicker';
import { ApproveIcon, CrownIcon, RejectIcon } from '../../shared/icons';
import * as styles from '../../shared/leagues/leagues.css';
import { Page } from '../../shared/Page/Page';

const m = messages.members;

type Confirm = { kind: 'reject' | 'admin'; member: LeagueMember } | null;

/** A league in the dropdown, with the join requests waiting for the user (its admin) if any. */
const leagueOption = (league: League) => {
  const waiting = pendingRequests(league);
  return waiting > 0 ? m.leagueWithRequests(league.LeagueName, waiting) : league.LeagueName;
};

/**
 * League Members (spec sections 2, 4, 6, 8): pick one of your leagues and see its members. The
 * admin sees everyone with status and email, approves or rejects pending requests and can hand the
 * admin role to an Approved member. `?league=<id>` (the join-request email's link) chooses the league.
 */
export function LeagueMembersPage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId ?? 0;
  // Members lists are for leagues the user plays in, not pending join requests.
  const leagues = useMyLeagues(isApprovedMember);
  const [params, setParams] = useSearchParams();
  /** The league chosen; '' is the first one. */
  const [leagueChoice, setLeagueChoice] = useState(() => params.get('league') ?? '');
  const chooseLeague = (id: string) => {
    setLeagueChoice(id);
    // A choice by hand replaces the emailed link's league.
    if (params.has('league')) setParams({}, { replace: true });
  };
  const [confirm, setConfirm] = useState<Confirm>(null);
  const memberStatus = useUpdateMemberStatusMutation();
  const changeAdmin = useChangeLeagueAdminMutation();
  const busy = memberStatus.isPending || changeAdmin.isPending;

  const league = leagues.data?.find((l) => String(l.LeagueID) === leagueChoice) ?? leagues.data?.[0];
  const leagueId = league ? String(league.LeagueID) : '';
  const members = useLeagueMembersQuery(league?.LeagueID ?? 0);
  const isAdmin = league?.AdminUserID === userId;
  const showStatus = isAdmin || Boolean(league?.IsPrivate);
  const visibleMembers = useMemo(
    () => (isAdmin ? (members.data ?? []) : (members.data ?? []).filter((member) => member.Status === 'Approved')),
    [members.data, isAdmin],
  );

  const setStatus = async (member: LeagueMember, status: 'Approved' | 'Rejected') => {
    if (!league) return;
    const verb = status === 'Approved' ? 'approve' : 'reject';
    try {
      // Resolves once the members are reloaded.
      await memberStatus.mutateAsync({
        LeagueMemberID: member.MemberID,
        LeagueID: league.LeagueID,
        Status: status,
        AdminUserID: userId,
      });
      notifySuccess(m.statusChanged(status === 'Approved' ? 'approved' : 'rejected'));
    } catch (error) {
      notifyError(error, m.statusFailed(verb));
    } finally {
      setConfirm(null);
    }
  };

  const makeAdmin = async (member: LeagueMember) => {
    if (!league) return;
    try {
      // Resolves once the leagues (their admin) are reloaded; the members list follows.
      await changeAdmin.mutateAsync({ LeagueID: league.LeagueID, AdminID: userId, NewAdminID: member.UserID });
      notifySuccess(m.adminChanged);
    } catch (error) {
      notifyError(error, m.changeAdminFailed);
    } finally {
      setConfirm(null);
    }
  };

  const columns = useMemo(() => {
    const col = createDataTableColumnHelper<LeagueMember>();
    const fullName = (member: LeagueMember) => `${member.FirstName} ${member.LastName}`.trim();
    const list: DataTableColumn<LeagueMember>[] = [
      col.accessor('DisplayName', {
        header: 'Member',
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className={styles.cellStack}>
            <span>{row.original.DisplayName}</span>
            {fullName(row.original) ? (
              <Text as="span" size="sm" tone="muted">
                {fullName(row.original)}
              </Text>
            ) : null}
          </div>
        ),
      }),
      col.display({
        id: 'marker',
        header: 'Role',
        cell: ({ row }) => (
          <div className={styles.actionsStart}>
            {row.original.IsAdmin ? <span className={styles.badge}>Admin</span> : null}
            {row.original.UserID === userId ? <span className={styles.badge}>{m.youAreHere}</span> : null}
          </div>
        ),
      }),
    ];
    if (showStatus) {
      list.push(
        col.accessor('Status', {
          header: 'Member Status',
          cell: (info) => <span className={styles.badge}>{info.getValue()}</span>,
        }),
      );
    }
    if (!isAdmin) return list;
    return [
      ...list,
      col.accessor((member) => member.Email ?? '', {
        id: 'email',
        header: 'Email',
        meta: { cellClassName: styles.breakAnywhere },
      }),
      col.display({
        id: 'approve',
        header: 'Approve',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          row.original.Status === 'Pending' ? (
            <IconButton
              label={`Approve ${row.original.DisplayName}`}
              icon={<ApproveIcon />}
              disabled={busy}
              onClick={() => void setStatus(row.original, 'Approved')}
            />
          ) : null,
      }),
      col.display({
        id: 'reject',
        header: 'Reject',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          row.original.Status === 'Pending' ? (
            <IconButton
              label={`Reject ${row.original.DisplayName}`}
              icon={<RejectIcon />}
              onClick={() => setConfirm({ kind: 'reject', member: row.original })}
            />
          ) : null,
      }),
      col.display({
        id: 'make-admin',
        header: 'Make Admin',
        meta: { align: 'center', narrow: 'actions', narrowLabel: true },
        cell: ({ row }) =>
          row.original.Status === 'Approved' && !row.original.IsAdmin ? (
            <IconButton
              label={`Make ${row.original.DisplayName} admin`}
              icon={<CrownIcon />}
              onClick={() => setConfirm({ kind: 'admin', member: row.original })}
            />
          ) : null,
      }),
    ];
  }, [isAdmin, showStatus, userId, busy, league]);

  return (
    <Page title="League Members" intro="Who is in your leagues, and who is waiting to join." width="wide">
      <Card>
        <div className={styles.form}>
          <LeaguePicker
            leagues={leagues}
            failedMessage={m.loadLeaguesFailed}
            placeholder="Select a league"
            emptyMessage="You are not in any league yet."
            value={leagueId}
            onValueChange={chooseLeague}
            optionLabel={leagueOption}
          />
          {league ? (
            <Text tone="muted" size="sm">
              {league.LeagueTypeName} · {league.IsPrivate ? `Private, code ${league.LeagueCode}` : 'Public'} ·{' '}
              {league.Status}
              {isAdmin ? ' · You are the admin' : ''}
            </Text>
          ) : null}
          {league ? (
            <QueryState {...queryState(members)} loadingText="Loading members…" errorMessage={m.loadMembersFailed}>
              <DataTable
                caption={`Members of ${league.LeagueName}`}
                captionHidden
                className={styles.table}
                columns={columns}
                data={visibleMembers}
                getRowId={(member) => String(member.MemberID)}
                getRowProps={(member) => (member.UserID === userId ? { tone: 'highlight' } : undefined)}
                emptyMessage={m.empty}
              />
            </QueryState>
          ) : null}
        </div>
      </Card>
      <ConfirmDialog
        open={confirm?.kind === 'reject'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={m.confirmRejection}
        message={
          confirm?.kind === 'reject'
            ? `Reject ${confirm.member.DisplayName}'s request to join? A rejection is final: they cannot ask again.`
            : ''
        }
        confirmLabel="Reject"
        tone="danger"
        busy={busy}
        onConfirm={() => confirm && void setStatus(confirm.member, 'Rejected')}
      />
      <ConfirmDialog
        open={confirm?.kind === 'admin'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={m.confirmAdminTransfer}
        message={
          confirm?.kind === 'admin'
            ? `Make ${confirm.member.DisplayName} the admin of this league? You will lose your admin rights. This cannot be undone.`
            : ''
        }
        confirmLabel="Make Admin"
        tone="danger"
        busy={busy}
        onConfirm={() => confirm && void makeAdmin(confirm.member)}
      />
    </Page>
  );
}
