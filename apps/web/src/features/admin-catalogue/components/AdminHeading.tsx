import type { ReactNode } from 'react';

/** The admin pages' title bar: heading on the left, the page's main action on the right. */
export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
      <h1 className="text-lg font-semibold text-slate-800">{title}</h1>
      {children}
    </div>
  );
}

export const primaryButton =
  'rounded-lg border border-brand-600 px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-600 hover:text-white disabled:opacity-50';
