import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
// Languages first: every module after this may register its texts.
import { changeLanguage, currentLang, rememberedAtLoad, textsReady } from '@/i18n';
import { messagesReady } from '@/i18n/messages';
import { AppProviders, makeQueryClient } from './app/providers';
import { routes } from './app/router';
import { answeredNow, readServerPage } from './app/serverPage';
import { Spinner } from '@/components/Spinner';
import { reloadOnStaleChunks } from '@/lib/staleChunks';
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
    if (rememberedAtLoad && rememberedAtLoad !== currentLang()) void changeLanguage(rememberedAtLoad);
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
async function start() {
  // A page the browser renders itself shows the loading ring at once, as before its texts loaded on demand.
  const rendered = container.firstElementChild ? served : undefined;
  const root = rendered ? undefined : createRoot(container);
  root?.render(
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner className="h-8 w-8" />
    </div>,
  );
  // The first render has its texts (each namespace's, in the page's language only: decision 0082).
  await textsReady();
  if (rendered) {
    hydrate(queryClient, answeredNow(rendered.queries));
    if (rendered.messages) await messagesReady();
    // The matched route's code (and its texts) first: the first render is the server's markup.
    if (!router.state.initialized) {
      await new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
    }
    hydrateRoot(container, app);
  } else {
    root?.render(app);
  }
}
void start();

reloadOnStaleChunks();
// Installable and offline (issue 14): after the page has loaded, with the code that registers it.
const registerWorker = () => void import('@/lib/serviceWorker').then(({ registerServiceWorker }) => registerServiceWorker(served?.apiUrls ?? []));
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
