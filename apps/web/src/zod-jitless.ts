// The web build resolves `zod` to this module (vite.config.ts), so the setting
// below runs before any schema module is evaluated, and zod stays out of the
// first bundle: only the form pages that build schemas load it.
import { config } from 'zod/v4/core';

/**
 * The shop's Content-Security-Policy allows no eval. Zod compiles object
 * parsers with `new Function` unless told not to, and its probe for that is
 * reported as a CSP violation even though it is caught. Schemas read the
 * setting when they are built.
 */
config({ jitless: true });

export * from 'zod/v4';
