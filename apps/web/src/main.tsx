import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Languages first: every module after this may register its texts.
import '@/i18n';
import { AppProviders } from './app/providers';
import { registerServiceWorker } from '@/lib/serviceWorker';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);

// Installable and offline (issue 14): after the page has loaded.
registerServiceWorker();
