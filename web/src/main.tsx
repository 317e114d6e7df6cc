import './lib/zod-without-eval';
import './app/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client';
import { createQueryClient } from './api/query-client';
import { App } from './app/app';
import { bareHostUrl } from './app/bare-host';
import { createRouter } from './app/router';
import { startUp } from './app/start-up';
import { handleUnauthorized } from './features/auth';
import { setupI18n } from './i18n/setup';

const bare = bareHostUrl(window.location.href);
if (bare) {
  window.location.replace(bare);
} else {
  await setupI18n();
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  // A 401 to the stored token anywhere: the session is over, log in again, then come back
  // to the page being shown (or being opened, when its loading was refused).
  setUnauthorizedHandler(
    () =>
      void handleUnauthorized(
        queryClient,
        (to, options) => router.navigate(to, options),
        () => router.state.navigation.location ?? router.state.location,
      ),
  );
  startUp(queryClient);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}
