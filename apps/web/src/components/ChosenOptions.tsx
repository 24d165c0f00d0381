import { useLang } from '@/i18n';
import type { ChosenOption } from '@haat/shared/schemas/variants';
import { chosenLabel } from '@haat/shared/variant-words';

/**
 * "Size: L, Colour: Red" of a cart line's or an order item's chosen options
 * (issue 21), in the current language (the Bangla names and values when the
 * owner gave them); '' for a product without options. Re-renders on a language change.
 */
export function useChosenLabel(): (chosen: readonly ChosenOption[] | null | undefined) => string {
  const lang = useLang();
  return (chosen) => chosenLabel(chosen ?? [], lang);
}

/** The chosen options on their own line under a line's name (a span: it sits in a cell, a term or a paragraph); nothing without options. */
export function ChosenOptions({ chosen, className = 'text-xs text-slate-600' }: { chosen: readonly ChosenOption[] | null | undefined; className?: string }) {
  const label = useChosenLabel()(chosen);
  return label ? (
    <span className={`block ${className}`} data-testid="chosen-options">
      {label}
    </span>
  ) : null;
}
