import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ComplaintView, ParsedComplaint } from '@haat/shared/schemas/complaint';
import { shopTerms } from '@haat/shared/shop-terms';
import type { FastifyBaseLogger } from 'fastify';
import { formatDhaka } from '@haat/shared/dhaka-time';
import { localDigits } from '@haat/shared/numerals';
import type { Db, DbOrTx } from '../../db/client';
import { complaints } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { newId } from '../../lib/ids';
import type { Jobs } from '../../lib/jobs';
import { notifyOwners, type OwnerNotice } from '../notify/index';

/**
 * Shoppers' complaints (issue 27, decision 0077). Each is due the shop's
 * complaint hours after it was filed (the guidelines' 72); the owner's list
 * shows the open ones, the most overdue first, and marks one acted on.
 */
export const COMPLAINT_PAGE_SIZE = 20;

type Row = typeof complaints.$inferSelect;

const viewOf = (r: Row, now: Date): ComplaintView => ({
  _id: r.id,
  name: r.name,
  mobile: r.mobile,
  order_id: r.orderRef,
  text: r.body,
  createdAt: r.createdAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
  actedAt: r.actedAt?.toISOString() ?? null,
  actedBy: r.actedBy,
  note: r.actionNote,
  overdue: !r.actedAt && r.dueAt < now,
});

export interface ComplaintDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  shopName: string;
  /** The admin's complaints page, for the mail's link; undefined without PUBLIC_URL. */
  complaintsUrl: string | undefined;
}

/** The Owners' SMS (Bengali, one segment for a short name) and mail (English then Bangla, the complaint itself and its due time). */
export function complaintNotice(shopName: string, c: { name: string; mobile: string; orderRef: string; body: string; dueAt: Date }, complaintsUrl: string | undefined): OwnerNotice {
  const due = { en: formatDhaka(c.dueAt.toISOString(), 'en'), bn: formatDhaka(c.dueAt.toISOString(), 'bn') };
  const order = { en: c.orderRef ? `, order ${c.orderRef}` : '', bn: c.orderRef ? `, অর্ডার ${c.orderRef}` : '' };
  const en = [`A complaint was filed by ${c.name} (${c.mobile})${order.en}. Act on it by ${due.en} (Dhaka time).`, c.body];
  // The mail's Bangla names the mobile in Bengali digits, as its time (decision 0098); the SMS keeps it Latin beside
  // the order id, so the phone offers to call it.
  const bn = [`${c.name} (${localDigits(c.mobile, 'bn')})${order.bn} একটি অভিযোগ করেছেন। ${due.bn}-এর মধ্যে ব্যবস্থা নিন (ঢাকার সময়)।`];
  const link = complaintsUrl ? `Open the complaints / অভিযোগগুলো দেখুন: ${complaintsUrl}` : null;
  return {
    sms: `${shopName}: নতুন অভিযোগ, ${c.name} ${c.mobile}; ${due.bn}-এর মধ্যে ব্যবস্থা নিন`,
    mail: {
      subject: `${shopName}: a complaint from ${c.name} / ${c.name}-এর অভিযোগ`,
      text: [...en, '', ...bn, ...(link ? ['', link] : [])].join('\n'),
      html:
        `<p>${escapeHtml(en[0]!)}</p><blockquote style="white-space:pre-line">${escapeHtml(c.body)}</blockquote><p>${escapeHtml(bn[0]!)}</p>` +
        (complaintsUrl ? `<p><a href="${escapeHtml(complaintsUrl)}">Open the complaints / অভিযোগগুলো দেখুন</a></p>` : ''),
    },
  };
}

/**
 * A complaint filed: stored with its due time, and the Owners told by SMS and
 * mail (decision 0081), queued in the same transaction — a complaint is never
 * stored without its notice, nor a notice sent for one not stored.
 */
export async function fileComplaint(deps: ComplaintDeps, input: ParsedComplaint, now = new Date()): Promise<{ _id: string; dueAt: string }> {
  const dueAt = new Date(now.getTime() + shopTerms().complaintHours * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(complaints)
      .values({ id: newId(), name: input.name, mobile: input.mobile, orderRef: input.order_id, body: input.text, createdAt: now, dueAt })
      .returning();
    await notifyOwners(deps, tx, complaintNotice(deps.shopName, row!, deps.complaintsUrl), 'a complaint');
    return { _id: row!.id, dueAt: row!.dueAt.toISOString() };
  });
}

export interface ComplaintPage {
  items: ComplaintView[];
  totalCount: number;
  openCount: number;
  overdueCount: number;
}

export async function listComplaints(db: DbOrTx, q: { show: 'open' | 'all'; page: number }, now = new Date()): Promise<ComplaintPage> {
  const open = isNull(complaints.actedAt);
  const where = q.show === 'open' ? open : undefined;
  const [items, [counts]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(...(q.show === 'open' ? [asc(complaints.dueAt)] : [desc(complaints.createdAt)]), asc(complaints.id))
      .limit(COMPLAINT_PAGE_SIZE)
      .offset((q.page - 1) * COMPLAINT_PAGE_SIZE),
    db
      .select({
        total: count(),
        open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${and(open, lt(complaints.dueAt, now))})`.mapWith(Number),
      })
      .from(complaints),
  ]);
  const totalCount = q.show === 'open' ? counts!.open : counts!.total;
  return { items: items.map((r) => viewOf(r, now)), totalCount, openCount: counts!.open, overdueCount: counts!.overdue };
}

/** Marks a complaint acted on (once: a second call answers it as it is). */
export async function markActed(db: Db, id: string, note: string, actor: Actor, now = new Date()): Promise<ComplaintView> {
  const [updated] = await db
    .update(complaints)
    .set({ actedAt: now, actedBy: actor.email ?? actor.id, actionNote: note })
    .where(and(eq(complaints.id, id), isNull(complaints.actedAt)))
    .returning();
  if (updated) return viewOf(updated, now);
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw appError('COMPLAINT_NOT_FOUND');
  return viewOf(row, now);
}
