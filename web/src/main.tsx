import './app/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bareHostUrl } from './app/bare-host';
import { createRouter } from './app/router';
import { setupI18n } from './i18n/setup';

const bare = bareHostUrl(window.location.href);
if (bare) {
  window.location.replace(bare);
} else {
  await setupI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={createRouter()} />
    </StrictMode>,
  );
}
