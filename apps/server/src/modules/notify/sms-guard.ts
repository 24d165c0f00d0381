import { and, count, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizePhone } from '@haat/shared/phone';
import type { Db, DbOrTx } from '../../db/client';
import { smsBudgetAlerts, smsSends } from '../../db/schema';
import { ProviderError } from '../../integrations/http';
import type { Jobs } from '../../lib/jobs';
import { newId } from '../../lib/ids';
import type { SmsKind, SmsSender } from '../../lib/sms';
import { notifyOwners } from './owners';

/*
 * Every SMS the shop sends goes through here (issue 41, decision 0092), whatever sends it: sign-in, verify and COD
 * codes, order and status texts, Owner notices, staff invites. Each is counted (sms_sends, a day of rows), and
 *
 * - one number gets at most SMS_PER_NUMBER_DAILY messages other than codes in 24 hours. Codes are never stopped
 *   here: decision 0091's caps per (number, asker) govern them, so a stranger who fills this cap (fake orders to
 *   the number) cannot hold back the owner's own sign-in or COD code;
 * - the shop sends at most SMS_DAILY_BUDGET in 24 hours: past it only the essential kinds (codes, staff invites)
 *   go; the rest are refused like a gateway refusal (recorded on the order, not retried). At 80 % the Owners are
 *   mailed (not texted: the budget is what runs out), at most once a day.
 */

/** Kinds that go past the budget: without them nobody can sign in, confirm an order or join the staff. */
const ESSENTIAL: ReadonlySet<SmsKind> = new Set(['code', 'invite']);
/** The share of the budget at which the Owners are told. */
export const SMS_BUDGET_ALERT_SHARE = 0.8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Advisory-lock key (two-key form): the count and the insert of every SMS, so parallel sends cannot pass a cap. */
const LOCK_SMS = 2621;

export interface SmsGuardDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  shopName: string;
  /** SMS_DAILY_BUDGET: 0 = no budget. */
  dailyBudget: number;
  /** SMS_PER_NUMBER_DAILY. */
  perNumberDaily: number;
}

/** The refusal: a gateway-like 'refused', so the order's SMS job records it and does not try again. */
function refused(message: string, code: string): ProviderError {
  return new ProviderError('SMS', 'refused', message, 0, undefined, code);
}

async function countSince(db: DbOrTx, where: SQL | undefined, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(smsSends).where(and(where, gt(smsSends.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Counts the SMS in, or refuses it; answers its row's id (withdrawn when the gateway does not take it). */
async function admit(deps: SmsGuardDeps, to: string, kind: SmsKind): Promise<string> {
  const mobile = normalizePhone(to) ?? to;
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SMS}, 0)`);
    const now = new Date();
    const since = new Date(now.getTime() - DAY_MS);
    if (kind !== 'code') {
      const toNumber = await countSince(tx, and(eq(smsSends.mobile, mobile), ne(smsSends.kind, 'code')), since);
      if (toNumber >= deps.perNumberDaily) throw refused(`not sent: ${deps.perNumberDaily} SMS went to this number in 24 hours`, 'HAAT_NUMBER_CAP');
    }
    const budget = deps.dailyBudget;
    const sent = budget > 0 ? await countSince(tx, undefined, since) : 0;
    if (budget > 0 && sent >= budget && !ESSENTIAL.has(kind)) throw refused(`not sent: the shop's daily SMS budget (${budget}) is spent`, 'HAAT_SMS_BUDGET');
    // A day of rows stays for the counts, older ones go.
    await tx.delete(smsSends).where(lt(smsSends.createdAt, since));
    await tx.insert(smsSends).values({ id, mobile, kind, createdAt: now });
    const alertAt = Math.ceil(budget * SMS_BUDGET_ALERT_SHARE);
    if (budget > 0 && sent + 1 >= alertAt) {
      const [told] = await tx.select({ id: smsBudgetAlerts.id }).from(smsBudgetAlerts).where(gt(smsBudgetAlerts.createdAt, since)).limit(1);
      if (!told) {
        await tx.insert(smsBudgetAlerts).values({ id: newId(), createdAt: now });
        await notifyOwners(deps, tx, budgetNotice(deps.shopName, sent + 1, budget), 'SMS budget nearly spent');
      }
    }
  });
  return id;
}

/** The Owners' mail (no SMS) when the budget is nearly spent. */
function budgetNotice(shopName: string, sent: number, budget: number) {
  const text = `${sent} of the shop's ${budget} SMS a day were sent in the last 24 hours. At ${budget}, only sign-in and order codes and staff invites go out; order and status texts and notices stop until the count falls. If this is real trade, raise SMS_DAILY_BUDGET; if not, look at the orders and complaints of the last hours.`;
  return {
    mail: {
      subject: `${shopName}: SMS budget nearly spent (${sent} of ${budget})`,
      text,
      html: `<p>${text}</p>`,
    },
  };
}

/** The shop's sender behind the caps: what every module is given as deps.notify.sms. */
export function guardedSmsSender(inner: SmsSender, deps: SmsGuardDeps): SmsSender {
  return {
    name: inner.name,
    async send(message) {
      const id = await admit(deps, message.to, message.kind ?? 'other');
      try {
        return await inner.send(message);
      } catch (err) {
        // Not taken by the gateway: it does not count.
        await deps.db.delete(smsSends).where(eq(smsSends.id, id));
        throw err;
      }
    },
  };
}
