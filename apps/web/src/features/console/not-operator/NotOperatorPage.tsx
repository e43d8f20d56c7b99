import { Button, Card, Text } from '@fantasy-cricket/ui';
import { Link } from 'react-router-dom';
import { Page } from '../../../shared/Page/Page';
import * as styles from '../shared/console.css';

/** What a signed-in member who is not a site operator sees at /console. */
export function NotOperatorPage() {
  return (
    <Page title="Operator console" width="narrow">
      <Card>
        <div className={styles.stack}>
          <Text>This is for site operators only.</Text>
          <Text tone="muted" size="sm">
            Operators run the seasons, schedules and results. If you should be one, ask an operator to grant you the
            role.
          </Text>
          <div className={styles.actions}>
            <Button asChild>
              <Link to="/home">Back to the app</Link>
            </Button>
          </div>
        </div>
      </Card>
    </Page>
  );
}
