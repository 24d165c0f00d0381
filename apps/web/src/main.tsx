import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
// Languages first: every module after this may register its texts.
import { currentLang, i18n, rememberedAtLoad } from '@/i18n';
import { AppProviders, makeQueryClient } from './app/providers';
import { routes } from './app/router';
import { readServerPage } from './app/serverPage';
import { registerServiceWorker } from '@/lib/serviceWorker';
import './index.css';

const queryClient = makeQueryClient();
const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
/**
 * A language this device chose before its cookie existed (so the server rendered another): switched
 * to once the page is taken over. In an effect after the app's own, so every text is listening.
 */
function RememberedLanguage() {
  useEffect(() => {
    if (rememberedAtLoad && rememberedAtLoad !== currentLang()) void i18n.changeLanguage(rememberedAtLoad);
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
    <RememberedLanguage />
  </StrictMode>
);

// A storefront page the server rendered (issue 25) carries its queries' answers: the page takes over
// the same markup with the same data, once its route's code is here. Any other page (the admin's,
// or the shell the service worker answers with) renders in the browser as before.
const served = readServerPage();
if (served && container.firstElementChild) {
  hydrate(queryClient, served.queries);
  const start = () => void hydrateRoot(container, app);
  if (router.state.initialized) start();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      start();
    });
  }
} else {
  createRoot(container).render(app);
}

// Installable and offline (issue 14): after the page has loaded.
registerServiceWorker(served?.apiUrls ?? []);
