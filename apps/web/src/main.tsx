// First: before any zod schema exists (see the file).
import './zod-jitless';
// The kit's page-wide rules (box-sizing, body font and margin, reduced motion): opt-in since the kit is
// used by other apps too. Before the app's own modules, so its styles come after them in the cascade.
import '@fantasy-cricket/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { registerServiceWorker } from './shared/offline/registerServiceWorker';
import { applyTheme } from './shared/theme';

applyTheme();
// The session check (GET /api/session) needs the API client, which the landing page does not: a
// chunk of its own, fetched after the entry instead of with it.
void import('./shared/session').then(({ startSession }) => startSession());

// The installable app's offline shell (production builds only).
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
