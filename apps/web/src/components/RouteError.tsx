import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Router failures: a generic screen with status and text or message (spec §8). */
export function RouteError() {
  const error = useRouteError();
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) detail = error.message;
  else detail = 'Unknown error';
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-bold text-red-700">Unexpected Application Error!</h1>
      <p className="mt-4 rounded bg-red-50 p-4 font-mono text-sm text-red-800">{detail}</p>
      <a href="/" className="mt-6 inline-block text-brand-700 underline">Back to Home</a>
    </section>
  );
}
