import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { storedUserAtom } from '../../app/atoms';
import { notify } from '../../app/notify';
import { type League, listUserLeagues } from '../leagues/api';

/**
 * The signed-in user's leagues that pass `keep` (a module-level filter, so it is stable), loaded once
 * per user: `null` while loading, `[]` after a failure, which shows `failedMessage` as an error banner.
 * An answer that arrives after the screen is gone (or the user changed) is dropped.
 */
export function useUserLeagues(keep: (league: League) => boolean, failedMessage: string): League[] | null {
  const userId = useAtomValue(storedUserAtom)?.userId ?? 0;
  const [leagues, setLeagues] = useState<League[] | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    listUserLeagues(userId)
      .then((all) => active && setLeagues(all.filter(keep)))
      .catch(() => {
        if (!active) return;
        setLeagues([]);
        notify('error', failedMessage);
      });
    return () => {
      active = false;
    };
  }, [userId, keep, failedMessage]);
  return leagues;
}
