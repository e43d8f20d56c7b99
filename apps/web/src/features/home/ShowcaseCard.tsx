import { DISPLAY_NAME_MIN, messages } from '@fantasy-cricket/rules';
import { Button, Card, Text } from '@fantasy-cricket/ui';
import { Link } from 'react-router-dom';
import { useJoinLeagueMutation } from '../../data/leagues/join-league-mutation';
import type { HomeSummary } from '../../data/home/types';
import { inviteLink } from '../../shared/leagues/invite';
import { notifyError, notifySuccess } from '../../shared/notify';
import * as styles from './home.css';

/**
 * The league the site runs for everyone (the demo season's Player Selection league with the team
 * rules on: credits, a captain and a vice-captain, a cap per side, backups), offered on Home while the
 * player is not in it (`Showcase` of the summary). One tap joins it with the player's Gamer Name — a
 * join by its code is approved at once; the card then gives way to the league in "Your leagues", with
 * its Make your picks call — and without a Gamer Name yet, the tap opens Join a League with the code
 * filled in.
 */
export function ShowcaseCard({
  showcase,
  userId,
  gamerName,
}: {
  showcase: NonNullable<HomeSummary['Showcase']>;
  userId: number;
  gamerName: string;
}) {
  const mutation = useJoinLeagueMutation();
  const name = gamerName.trim();
  const join = async () => {
    try {
      await mutation.mutateAsync({ UserID: userId, LeagueCode: showcase.LeagueCode, DisplayName: name });
      notifySuccess(messages.join.publicJoined);
    } catch (error) {
      notifyError(error, messages.join.joinFailed);
    }
  };
  return (
    <Card title={`Try the fantasy game: ${showcase.LeagueName}`}>
      <div className={styles.quickJoin}>
        <Text>{showcase.Description}</Text>
        {name.length >= DISPLAY_NAME_MIN && userId > 0 ? (
          <div>
            <Button size="sm" loading={mutation.isPending} onClick={() => void join()}>
              Join as {name}
            </Button>
          </div>
        ) : (
          <div>
            <Button asChild size="sm">
              <Link to={inviteLink(showcase.LeagueCode, '')}>Join with code {showcase.LeagueCode}</Link>
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
