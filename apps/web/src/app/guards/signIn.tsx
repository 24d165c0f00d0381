import { Navigate, useLocation } from 'react-router';

/** To /login, remembering this page so signing in comes back to it. */
export function SignInFirst() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Where to go after signing in: the remembered page if it is one of ours, else home. */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}
