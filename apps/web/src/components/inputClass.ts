/**
 * The text inputs' look. Its own module so that a field outside a form (the cart's voucher code)
 * takes it without FormField's react-hook-form and zod (issue 25).
 */
export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-slate-800 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100';
