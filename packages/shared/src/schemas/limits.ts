import { z } from 'zod';

/**
 * The longest text each field may hold (issue 8, item 9). Over the limit is
 * refused with a message, never cut short. Counted in characters (UTF-16 units).
 */
export const TEXT_LIMITS = {
  personName: 100,
  /** A delivery address's line and city (spec §5). */
  addressLine: 300,
  city: 100,
  email: 254,
  /** A password being set; a login accepts up to loginPassword so that no existing one is cut off. */
  password: 128,
  loginPassword: 1024,
  productName: 200,
  categoryName: 100,
  description: 5000,
  productDetails: 5000,
  unit: 50,
  detailName: 100,
  detailValue: 1000,
  detailCount: 30,
  /** Ids are 16 characters today (apps/server/src/lib/ids.ts accepts up to 32). */
  id: 64,
  idList: 50,
} as const;

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** An id sent in a body: required, bounded. */
export const idField = (message: string) => z.string({ error: message }).trim().min(1, message).max(TEXT_LIMITS.id, message);
