/**
 * The storefront's server rendering (issue 25, docs/decisions/0078): built by
 * `vite build --ssr` into dist-server/, imported by the API server, which asks
 * it for a page's markup in the shopper's language. The matched routes' reads
 * (their `handle.reads`, decision 0094) are answered through the API in-process
 * first, then the page is rendered once with the answers, which go into the
 * HTML so the browser takes over the same markup with no second fetch. A read a
 * route does not declare is found by that render and answered, and the page
 * rendered again (the count is reported, so a missing declaration shows).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, type Query } from '@tanstack/react-query';
import { loadEveryLanguage, renderIn, type Lang } from '@/i18n';
// The server renders either language at any time: Bangla's message tables from the start.
import '@/i18n/messages.bn';
import { messagesShown } from '@/i18n/messages';
import { answerOnServer } from '@/lib/api';
import { AppProviders, makeQueryClient } from './app/providers';
import { runPageReads } from './app/pageReads';
import { routes, SERVER_RENDERED } from './app/router';
import type { ServerPage } from './app/serverPage';

/** The reads a server may answer for anyone: the catalogue, the shop's details and offers, the delivery fees. Never a user's. */
const PUBLIC_READS: readonly (readonly string[])[] = [['catalogue'], ['shop-info'], ['promotions', 'offers'], ['delivery-settings']];
const isPublic = (q: Query) => PUBLIC_READS.some((prefix) => prefix.every((part, i) => q.queryKey[i] === part));
/** Rounds of render-then-read: a page whose reads depend on earlier answers (a listing's sub-categories) needs a second. */
const MAX_ROUNDS = 3;

const handler = createStaticHandler(routes);
const readsOfThisPage = new AsyncLocalStorage<string[]>();

/** An API GET answered in-process (Fastify's inject): status and parsed JSON body. */
export type ApiInject = (url: string, headers: Record<string, string>) => Promise<{ status: number; json: unknown }>;

/** Called once by the server: how the pages' reads reach the API. */
export function connectApi(inject: ApiInject): void {
  answerOnServer(async (url, headers) => {
    readsOfThisPage.getStore()?.push(url);
    const { status, json } = await inject(url, headers);
    return { ok: status >= 200 && status < 300, status, json };
  });
}

/**
 * Whether the server renders the page at `pathname` (the storefront's: home, listing, product, search, cart,
 * checkout; the account's, the admin's and the forms stay in the browser), and its page module's source path,
 * Vite's manifest key for the chunks to preload ('' for the home page, whose code is the entry's).
 */
export function storefrontPage(pathname: string): { module: string } | null {
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
  return id?.startsWith(SERVER_RENDERED) ? { module: id.slice(SERVER_RENDERED.length) } : null;
}

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** What goes into window.__HAAT_SSR__ for the browser. */
  page: ServerPage;
  /** How many times the page was rendered: 1 when its routes declare every read it makes. */
  renders: number;
}

/** A storefront page's markup at `url` (absolute) in `lang`; null when the router answers a redirect. */
export async function renderPage(url: string, lang: Lang): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  // The texts of every namespace the page's modules registered, in both languages (decision 0082).
  await loadEveryLanguage();
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = makeQueryClient();
  const apiUrls: string[] = [];
  await readsOfThisPage.run(apiUrls, () => runPageReads(queryClient, context.matches, new URL(url)));
  const render = () => {
    // The language is global: set right before the synchronous render, so pages in
    // other languages rendered in between (while this one waited for its reads) cannot leak in.
    renderIn(lang);
    messagesShown();
    const markup = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // A message said in Bangla: the browser loads its tables before hydrating (decision 0089).
    messages = messagesShown();
    return markup;
  };
  let messages = false;
  let html = render();
  let renders = 1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => isPublic(q) && q.state.status === 'pending' && q.state.fetchStatus === 'idle');
    if (waiting.length === 0) break;
    // No retries on the server: a failed read is left to the browser, as before this rendering.
    await readsOfThisPage.run(apiUrls, () => Promise.all(waiting.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined))));
    html = render();
    renders++;
  }
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: (q) => isPublic(q) && q.state.status === 'success' });
  return { html, page: { lang, queries, apiUrls, ...(messages ? { messages } : {}) }, renders };
}
