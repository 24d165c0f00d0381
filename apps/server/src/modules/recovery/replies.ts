import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { recoveryOptOuts, recoverySends } from '../../db/schema';
import { stopAlertsFor } from '../stock-alerts/index';

/*
 * Opt-out by reply word (decision 0131). The SMS gateways Haat knows document no inbound (MO) callback, so the
 * gateway's reply forwarding (or a relay of the owner's) posts each reply to POST /api/sms/inbound with a shared
 * secret. A reply that starts with a stop word stops, at once and in one transaction, the mobile's checkout-recovery
 * SMS (the opt-out table the link writes) and its back-in-stock requests not yet texted.
 */

/** English and Bangla stop words, as carriers and shoppers write them (compared lower-cased, NFC). */
const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'optout', 'cancel', 'end', 'quit', 'বন্ধ', 'বন্দ', 'স্টপ']);

/** True when the reply's first word (or its first two, joined: "STOP ALL", "opt out") is a stop word. */
export function isStopReply(text: string): boolean {
  const words = text.normalize('NFC').toLowerCase().split(/[\s.,!?।;:'"()\-_/]+/u).filter(Boolean);
  if (words.length === 0) return false;
  return STOP_WORDS.has(words[0]!) || STOP_WORDS.has(`${words[0]}${words[1] ?? ''}`);
}

/** No more recovery SMS to this mobile; its sends still queued stop (the link's opt-out and the reply's). */
export async function optOutOfRecovery(tx: DbOrTx, phone: string): Promise<void> {
  await tx.insert(recoveryOptOuts).values({ phone }).onConflictDoNothing();
  await tx.update(recoverySends).set({ status: 'stopped', outcome: 'opted out' }).where(and(eq(recoverySends.phone, phone), eq(recoverySends.status, 'queued')));
}

/** A forwarded reply: a stop word stops both kinds of SMS to that mobile; any other text changes nothing. */
export async function replyReceived(db: Db, phone: string, text: string): Promise<{ stopped: boolean }> {
  if (!isStopReply(text)) return { stopped: false };
  await db.transaction(async (tx) => {
    await optOutOfRecovery(tx, phone);
    await stopAlertsFor(tx, phone);
  });
  return { stopped: true };
}
