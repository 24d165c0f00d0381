/** The settlements page's shared looks: a card, a field, a quiet button (mobile first: one column at phone width). */
export const card = 'grid gap-3 rounded border border-slate-200 bg-white p-3 text-sm';
export const field = 'w-full rounded border border-slate-300 px-2 py-1.5 text-sm';
export const quietButton = 'rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
export const heading = 'text-base font-semibold text-slate-800';
