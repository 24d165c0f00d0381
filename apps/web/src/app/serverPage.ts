import type { DehydratedState } from '@tanstack/react-query';
import type { Lang } from '@/i18n';

/**
 * What the server puts beside a page it rendered (issue 25, decision 0078), as a JSON data block
 * <script type="application/json" id="haat-ssr"> (the CSP allows no inline script; data is not run).
 */
export interface ServerPage {
  lang: Lang;
  /** The catalogue queries the page read, answered (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** The API reads behind them: handed to the service worker so the page opens offline later. */
  apiUrls: string[];
  /** A server message was shown in Bangla: its tables load before the page is taken over (decision 0089). */
  messages?: boolean;
}

export const SERVER_PAGE_ID = 'haat-ssr';

/** The server's answer for this page, read once and removed (a later language detection must not see it). */
export function readServerPage(): ServerPage | undefined {
  const block = document.getElementById(SERVER_PAGE_ID);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as ServerPage;
  } catch {
    return undefined;
  }
}

/**
 * The page's answers, as fresh as the page itself. The server may answer a page it rendered minutes ago (decision
 * 0090), checked against the catalogue before it went out, but its queries still carry the time of that first render;
 * and a phone's clock may differ from the server's. Either way the page would read its data again at once (a
 * product page's answers are fresh for a minute): they count from when they arrived.
 */
export function answeredNow(state: DehydratedState, now = Date.now()): DehydratedState {
  return { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) };
}
