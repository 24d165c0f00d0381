import type { ApiResponse } from '@haat/shared/api';
import type { AccessToken } from '@haat/shared/schemas/auth';
import { ACCESS_TOKEN_KEY, GUEST_ADDRESS_KEY, GUEST_CART_KEY, REFRESH_TOKEN_KEY } from '@haat/shared/constants';
import { ApiError, failureOf, networkError, request, type RequestOptions } from './api';
import { writeJson } from './storage';
import { LANG_STORAGE_KEY } from '@/i18n';

/**
 * Tokens in localStorage (spec §3) and the authenticated client (spec §4):
 * on a 401 it refreshes once per request; concurrent failures wait for that one
 * refresh and are replayed; if the refresh fails both tokens are removed and
 * the error is passed on.
 */
export const tokens = {
  access: () => localStorage.getItem(ACCESS_TOKEN_KEY),
  refresh: () => localStorage.getItem(REFRESH_TOKEN_KEY),
  set(access: string, refresh?: string) {
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    if (refresh) localStorage.setItem(REFRESH_TOKEN_KEY, refresh);
  },
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  },
};

export const isSignedIn = () => tokens.access() !== null;

let refreshing: Promise<string> | null = null;

/**
 * Runs `work` while no other tab of this site runs it (Web Locks). Each refresh
 * replaces the refresh token (decision 0045): two tabs sending the same one
 * would make the second look like a stolen copy. Where the browser has no Web
 * Locks, the server's short grace for the just-replaced token covers the race.
 */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  let result!: T;
  await locks.request('haat-token-refresh', async () => {
    result = await work();
  });
  return result;
}

/**
 * One refresh at a time; everyone who got a 401 meanwhile waits for it. `sent`
 * is the access token that was refused: if another tab stored a new one while
 * this tab waited, that one is used and no refresh is made.
 */
function refreshAccessToken(sent: string | null): Promise<string> {
  refreshing ??= (async () => {
    try {
      return await acrossTabs(async () => {
        const current = tokens.access();
        if (current && current !== sent) return current;
        const refresh = tokens.refresh();
        if (!refresh) throw new ApiError('Your session has ended. Please log in again.', 401);
        const res = await request<AccessToken>('user/refresh-token', {
          method: 'POST',
          headers: { authorization: `Bearer ${refresh}` },
        });
        // The sent refresh token is now replaced: keep the new one (absent only within the server's grace).
        tokens.set(res.data.access_token, res.data.refresh_token);
        return res.data.access_token;
      });
    } catch (err) {
      tokens.clear();
      throw err;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Sends with the access token; after a 401 ApiError, once more with a fresh one. */
async function withToken<T>(send: (auth: Record<string, string>) => Promise<T>): Promise<T> {
  const auth = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const sent = tokens.access();
  try {
    return await send(auth(sent));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || !tokens.refresh()) throw err;
    // Another call may have refreshed while this one was in flight: then replay with its token.
    const current = tokens.access();
    const fresh = current && current !== sent ? current : await refreshAccessToken(sent);
    return send(auth(fresh));
  }
}

export function authRequest<T = unknown, R extends ApiResponse<T> = ApiResponse<T>>(path: string, opts: RequestOptions = {}): Promise<R> {
  return withToken((auth) => request<T, R>(path, { ...opts, headers: { ...opts.headers, ...auth } }));
}

/**
 * Spec §4, the last step of a login: guestCart and guestAddress go back to
 * empty lists. The whole login transition, in order, is `completeLogin` in
 * `@/state/login`.
 */
export function resetGuestData(): void {
  writeJson(GUEST_CART_KEY, []);
  writeJson(GUEST_ADDRESS_KEY, []);
}

/**
 * Spec §4 logout: all browser storage goes but the language, which belongs to
 * the device, not the account (issue 19). The caller clears queries and navigates to /.
 */
export function clearSession(): void {
  try {
    const lang = localStorage.getItem(LANG_STORAGE_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (lang) localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Nothing to clear.
  }
}

/**
 * A file the API answers (the catalogue CSV), with the token and the one
 * refresh on 401 of authRequest; a failure is an ApiError with the server's message.
 */
export function authDownload(path: string): Promise<Blob> {
  return withToken(async (auth) => {
    let res: Response;
    try {
      res = await fetch(`/api/${path.replace(/^\//, '')}`, { headers: auth, cache: 'no-store' });
    } catch {
      throw networkError();
    }
    if (!res.ok) throw failureOf(res.status, await res.json().catch(() => null));
    return res.blob();
  });
}
