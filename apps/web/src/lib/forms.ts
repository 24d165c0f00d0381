import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { translateMessage } from '@/i18n/messages';

/**
 * The one react-hook-form resolver every form uses: it checks the form with a
 * shared zod schema and hands the submit handler the form's own values (files,
 * chosen ids, typed numbers), not the schema's parsed output, which drops
 * fields it does not know (an edit schema knows no image). The server parses
 * the same schema at its edge, so trimming and coercion happen there once.
 */
export function formResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>;
}

/**
 * The first message among a form's validation errors, in field order. The
 * admin forms show it as the error toast ('All Fields are required',
 * 'Please fill all required fields').
 */
export function firstErrorMessage(errors: FieldErrors, order: readonly string[] = Object.keys(errors)): string | undefined {
  const find = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object' && !(child instanceof Element)) {
        const found = find(child);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const key of order) {
    const found = find(errors[key]);
    if (found) return translateMessage(found);
  }
  return undefined;
}

/**
 * A field whose text is rewritten when it is left (issue 14: Bengali digits,
 * +880): the box shows the normalised text and react-hook-form stores it.
 * Wraps a registration's (or an input's) onBlur: `{...normalizeOnBlur(register('mobile'), normalizePhoneInput)}`.
 */
export function normalizeOnBlur<R extends { onBlur?: (event: never) => unknown }>(registration: R, normalize: (text: string) => string): R {
  const onBlur = (event: { target: HTMLInputElement }) => {
    event.target.value = normalize(event.target.value);
    // react-hook-form's handler and React's both take the blur event: hand it on as it came.
    return (registration.onBlur as ((e: typeof event) => unknown) | undefined)?.(event);
  };
  return { ...registration, onBlur };
}
