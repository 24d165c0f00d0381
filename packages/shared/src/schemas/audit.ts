import { z } from 'zod';
import { ROLES } from '../constants';
import { listEnvelope } from './reply';

/**
 * The audit log (issue 28, decision 0065): what was changed. Each entry names
 * one kind, one action and its target's id, with only the changed fields
 * before and after (null before a create, null after a delete).
 */
export const AUDIT_KINDS = [
  'product',
  'category',
  'sub_category',
  'promotion',
  'delivery_fee',
  'settings',
  'order_status',
  'order',
  'refund',
  'staff',
  'account',
  'job',
  'settlement',
  'review',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'import', 'pause', 'resume', 'invite', 'refund', 'merge', 'retry', 'resolve', 'publish', 'hide', 'reply'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The keys that name an entry inside a field (a variant of a product's `variants`, keyed by
 * its id: `{ label: 'L / Red', label_bn: 'এল / লাল', price, stock, … }`). An entry that
 * changed keeps them beside only what changed, so the log reads "L / Red: price 1,500 →
 * 1,550" (issue 42); the page shows `label_bn` on a Bangla page when there is one.
 */
export const AUDIT_NAME_KEYS = ['label', 'label_bn'] as const;

/** Entries a page of the owner's list holds. */
export const AUDIT_PAGE_SIZE = 50;
/** Entries are kept at least a year; the prune takes only those older than this. */
export const AUDIT_KEEP_DAYS = 400;

export const AUDIT_MESSAGES = {
  person: 'person must be a staff member’s id.',
  kind: `kind must be one of ${AUDIT_KINDS.join(', ')}.`,
  from: 'from must be a date (YYYY-MM-DD).',
  to: 'to must be a date (YYYY-MM-DD).',
  order: 'to must not be before from.',
  page: 'page must be a whole number of at least 1.',
} as const;

const blank = (v: unknown) => (v === '' ? undefined : v);
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = (message: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      }, message)
      .optional(),
  );

/**
 * GET /audit: by person (the actor's id), kind and Dhaka dates (from and to
 * both included), newest first, a page at a time. '' counts as not given.
 */
export const auditQuerySchema = z
  .object({
    person: z.preprocess(blank, z.string({ error: AUDIT_MESSAGES.person }).regex(/^[0-9a-z]{1,32}$/, AUDIT_MESSAGES.person).optional()),
    kind: z.preprocess(blank, z.enum(AUDIT_KINDS, { error: AUDIT_MESSAGES.kind }).optional()),
    from: day(AUDIT_MESSAGES.from),
    to: day(AUDIT_MESSAGES.to),
    page: z.preprocess((v) => blank(v) ?? 1, z.coerce.number({ error: AUDIT_MESSAGES.page }).int(AUDIT_MESSAGES.page).min(1, AUDIT_MESSAGES.page).max(100_000, AUDIT_MESSAGES.page)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.order, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** ISO instant; the web shows it in Dhaka time. */
  at: z.string(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
  /** The request's address as the app sees it (TRUST_PROXY decides whether a proxy's X-Forwarded-For counts). */
  ip: z.string(),
  kind: z.enum(AUDIT_KINDS),
  action: z.enum(AUDIT_ACTIONS),
  target_id: z.string(),
  /** A product's or category's name, an order's number, a staff member's e-mail. */
  target_label: z.string(),
  /** Its Bangla name (issue 42); '' when it has none (an order's number, an e-mail) or the entry is older. */
  target_label_bn: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Everyone the log names, for the person filter (a former staff member too). */
export const auditPersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditPageReplySchema = listEnvelope(auditEntrySchema).extend({ people: z.array(auditPersonSchema) });
export type AuditPageReply = z.infer<typeof auditPageReplySchema>;
