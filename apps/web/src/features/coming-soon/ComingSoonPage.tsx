import { Button, Card, Stack, Text } from '@fantasy-cricket/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../shell/Page';
import { type HomeScreenPath, homeScreen } from '../shell/navigation';

const blurbs: Partial<Record<HomeScreenPath, string>> = {
  'start-league':
    'Create a Match Prediction or Player Selection league, invite friends with a league code and set the scoring.',
  'join-league': 'Join a private league with its code, or search the public leagues and jump straight in.',
  'view-my-leagues': 'See every league you play in, its code, configuration and status.',
  'view-league-members': 'See who plays in your leagues; admins approve requests and hand over the role.',
  'my-predictions': 'Make your picks for each upcoming fixture before it starts.',
  'all-predictions': "Compare everyone's picks once a fixture has started.",
  'view-leaderboard': 'Follow the standings, points gained and contests of each league.',
};

/** A /home screen whose feature ships in a later release: its proper title and what it will do. */
export function ComingSoonPage({ screen }: { screen: HomeScreenPath }) {
  const { label } = homeScreen(screen);
  const [params] = useSearchParams();
  const publicLeague = screen === 'join-league' && params.get('isPublicLeague') === 'true';
  return (
    <Page title={label} width="medium">
      <Card title="Coming soon">
        <Stack gap="md">
          <Text>{blurbs[screen]}</Text>
          {publicLeague ? (
            <Text tone="muted">You were looking for a public league: they will be listed here.</Text>
          ) : null}
          <Text tone="muted">This screen is on its way. Until then, keep an eye on the FAQ for how leagues work.</Text>
          <div>
            <Button asChild variant="secondary">
              <Link to="/home/view-faqs">Read the FAQ</Link>
            </Button>
          </div>
        </Stack>
      </Card>
    </Page>
  );
}
