import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api';
import { Spinner } from './Spinner';

/**
 * An admin list's answer in its four states, said the same way on every page: the error as an alert, a spinner
 * while it loads, the page's empty text, or the list (children, given the loaded data).
 */
export function QueryList<T>({ query, isEmpty, loading, empty, children }: {
  query: { data?: T; isLoading: boolean; error: unknown };
  isEmpty: (data: T) => boolean;
  /** The spinner's label (read by screen readers). */
  loading: string;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isLoading, error } = query;
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(error)}
      </p>
    );
  }
  if (isLoading || data === undefined) return <Spinner className="h-8 w-8" label={loading} />;
  if (isEmpty(data)) return <p className="text-sm text-slate-600">{empty}</p>;
  return <>{children(data)}</>;
}
