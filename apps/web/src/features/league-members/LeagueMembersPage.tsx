import {
  Card,
  ConfirmDialog,
  createDataTableColumnHelper,
  DataTable,
  type DataTableColumn,
  Select,
  Text,
} from '@fantasy-cricket/ui';
import { messages } from '@fantasy-cricket/rules';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { storedUserAtom } from '../../app/atoms';
import { notify, notifyError, notifySuccess } from '../../app/notify';
import {
  changeLeagueAdmin,
  isApprovedMember,
  type League,
  type LeagueMember,
  listLeagueMembers,
  listUserLeagues,
  updateMemberStatus,
} from '../leagues/api';
import { IconButton } from '../leagues/IconButton';
import { ApproveIcon, CrownIcon, RejectIcon } from '../leagues/icons';
import * as styles from '../leagues/leagues.css';
import { Page } from '../shell/Page';

const m = messages.members;

type Confirm = { kind: 'reject' | 'admin'; member: LeagueMember } | null;

/**
 * League Members (spec sections 2, 4, 6, 8): pick one of your leagues and see its members. The
 * admin sees everyone with status and email, approves or rejects pending requests and can hand the
 * admin role to an Approved member.
 */
export function LeagueMembersPage() {
  const user = useAtomValue(storedUserAtom);
  const userId = user?.userId ?? 0;
  const [leagues, setLeagues] = useState<League[] | null>(null);
  const [leagueId, setLeagueId] = useState('');
  const [members, setMembers] = useState<LeagueMember[] | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  const loadLeagues = useCallback(async () => {
    if (!userId) return;
    try {
      // Members lists are for leagues the user plays in, not pending join requests.
      const data = (await listUserLeagues(userId)).filter(isApprovedMember);
      setLeagues(data);
      setLeagueId((chosen) =>
        chosen && data.some((l) => String(l.LeagueID) === chosen) ? chosen : data[0] ? String(data[0].LeagueID) : '',
      );
    } catch {
      setLeagues([]);
      notify('error', m.loadLeaguesFailed);
    }
  }, [userId]);

  const loadMembers = useCallback(async (id: string) => {
    if (!id) {
      setMembers([]);
      return;
    }
    setMembers(null);
    try {
      setMembers(await listLeagueMembers(Number(id)));
    } catch {
      setMembers([]);
      notify('error', m.loadMembersFailed);
    }
  }, []);

  useEffect(() => {
    void loadLeagues();
  }, [loadLeagues]);

  useEffect(() => {
    if (leagues) void loadMembers(leagueId);
  }, [leagues, leagueId, loadMembers]);

  const league = leagues?.find((l) => String(l.LeagueID) === leagueId);
  const isAdmin = league?.AdminUserID === userId;
  const showStatus = isAdmin || Boolean(league?.IsPrivate);
  const visibleMembers = useMemo(
    () => (isAdmin ? (members ?? []) : (members ?? []).filter((member) => member.Status === 'Approved')),
    [members, isAdmin],
  );

  const setStatus = async (member: LeagueMember, status: 'Approved' | 'Rejected') => {
    if (!league) return;
    const verb = status === 'Approved' ? 'approve' : 'reject';
    setBusy(true);
    try {
      await updateMemberStatus({
        LeagueMemberID: member.MemberID,
        LeagueID: league.LeagueID,
        Status: status,
        AdminUserID: userId,
      });
      notifySuccess(m.statusChanged(status === 'Approved' ? 'approved' : 'rejected'));
      await loadMembers(leagueId);
    } catch (error) {
      notifyError(error, m.statusFailed(verb));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const makeAdmin = async (member: LeagueMember) => {
    if (!league) return;
    setBusy(true);
    try {
      await changeLeagueAdmin({ LeagueID: league.LeagueID, AdminID: userId, NewAdminID: member.UserID });
      notifySuccess(m.adminChanged);
      await loadLeagues();
    } catch (error) {
      notifyError(error, m.changeAdminFailed);
    } finally {
      setBusy(false);
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
      col.accessor((member) => member.Email ?? '', { id: 'email', header: 'Email' }),
      col.display({
        id: 'approve',
        header: 'Approve',
        meta: { align: 'center' },
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
        meta: { align: 'center' },
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
        meta: { align: 'center' },
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
          {leagues === null ? (
            <Text tone="muted">Loading your leagues…</Text>
          ) : (
            <Select
              label="Select League"
              placeholder={leagues.length ? 'Select a league' : 'You are not in any league yet'}
              options={leagues.map((l) => ({ value: String(l.LeagueID), label: l.LeagueName }))}
              value={leagueId}
              onValueChange={setLeagueId}
              disabled={leagues.length === 0}
            />
          )}
          {league ? (
            <Text tone="muted" size="sm">
              {league.LeagueTypeName} · {league.IsPrivate ? `Private, code ${league.LeagueCode}` : 'Public'} ·{' '}
              {league.Status}
              {isAdmin ? ' · You are the admin' : ''}
            </Text>
          ) : null}
          {leagues !== null && members === null ? (
            <Text tone="muted">Loading members…</Text>
          ) : leagues !== null ? (
            <DataTable
              caption={league ? `Members of ${league.LeagueName}` : 'Members'}
              captionHidden
              className={styles.table}
              columns={columns}
              data={visibleMembers}
              getRowId={(member) => String(member.MemberID)}
              getRowProps={(member) => (member.UserID === userId ? { tone: 'highlight' } : undefined)}
              emptyMessage={m.empty}
            />
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
