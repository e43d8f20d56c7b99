import { AppShell, QueryState } from '@fantasy-cricket/ui';
import { useAtomValue } from 'jotai';
import { useRoutes } from 'react-router-dom';
import { QueryProvider } from '../data/QueryProvider';
import { queryState } from '../data/query-state';
import { useOperatorStatusQuery } from '../data/operator/status-query';
import { NotOperatorPage } from '../features/console/not-operator/NotOperatorPage';
import { errorNotificationText } from '../shared/notify';
import { ConsoleHeader } from './console/ConsoleHeader';
import { consoleRoutes } from './console/routes';
import { ConsoleSidebar } from './console/ConsoleSidebar';
import { Content, ScreenFallback } from './layouts';
import * as styles from './layouts.css';
import { AppFooter } from './shell/AppFooter';
import { sidebarCollapsedAtom } from './shell/atoms';

/**
 * The console's screens for an operator; anyone else signed in sees "This is for site operators
 * only." (the server refuses them every operator call anyway). The status comes from the server on
 * each visit, never from what the browser stored.
 */
function OperatorShell() {
  const status = useOperatorStatusQuery();
  const sidebarCollapsed = useAtomValue(sidebarCollapsedAtom);
  if (status.data === true) {
    return (
      <AppShell
        header={<ConsoleHeader />}
        sidebar={<ConsoleSidebar />}
        sidebarCollapsed={sidebarCollapsed}
        footer={<AppFooter />}
      >
        {/* At least a screen tall, as /home's: a console screen's sections arriving never push the footer (CLS). */}
        <div className={styles.screen}>
          <Content />
        </div>
      </AppShell>
    );
  }
  return (
    <AppShell header={<ConsoleHeader withMenu={false} />} footer={<AppFooter />}>
      {status.isPending ? (
        <ScreenFallback />
      ) : status.isError ? (
        <QueryState
          {...queryState(status)}
          loadingText=""
          errorMessage={errorNotificationText(status.error, 'Could not check your operator role. Please try again.')}
        />
      ) : (
        <NotOperatorPage />
      )}
    </AppShell>
  );
}

/**
 * /console (docs/decisions/0029-console-screens.md): its own lazy chunk and layout, with the
 * server-state cache of its screens. The route guard (a signed-in user) sits in routes.tsx.
 */
export default function ConsoleLayout() {
  const screens = useRoutes([{ element: <OperatorShell />, children: consoleRoutes }]);
  return <QueryProvider>{screens}</QueryProvider>;
}
