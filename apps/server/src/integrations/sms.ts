import { toInternationalPhone } from '@haat/shared/phone';
import { ProviderError } from './http';

/*
 * The SMS kind's interface: what the notify module sends with. Each gateway
 * is a client in integrations/<name>/ (decision 0053); the outbox is lib/sms.
 */

/**
 * What an SMS is, for the shop's caps (decision 0092): a code (sign-in, verify, COD confirmation), an order's text,
 * an Owner notice, a staff invite; 'other' when unnamed. Gateways ignore it.
 */
export type SmsKind = 'code' | 'order' | 'owner' | 'invite' | 'other';

/** One SMS to one Bangladeshi mobile (01XXXXXXXXX, or +880/880 forms). */
export interface SmsMessage {
  to: string;
  text: string;
  kind?: SmsKind;
}

/** What a gateway said about a message it took: its id, when it gives one. */
export interface SmsReceipt {
  messageId: string;
}

/** The SMS interface: one implementation per gateway, plus the outbox. */
export interface SmsSender {
  /** 'bulksmsbd' or 'outbox', recorded with each message. */
  readonly name: string;
  send(message: SmsMessage): Promise<SmsReceipt>;
}

/** BulkSMSBD's internal error (1005): the one refusal worth another try. */
const RETRYABLE_REFUSALS = new Set(['1005']);

/**
 * The SMS kind's one reading of a failure (decision 0053): should the same
 * message be sent again? A gateway that was down, slow, throttling or answered
 * nonsense: yes. A refusal that cannot change (bad number, no balance, a
 * masked sender that needs Bengali text): no, it is recorded at once.
 */
export function smsRetryable(err: unknown): boolean {
  if (!(err instanceof ProviderError)) return true;
  return err.kind !== 'refused' || RETRYABLE_REFUSALS.has(err.code);
}

/** A Bangladeshi mobile in any form the shared rule reads → 8801XXXXXXXXX, the form BulkSMSBD (and every BD gateway) takes. */
export function toGatewayNumber(mobile: string): string {
  const international = toInternationalPhone(mobile);
  if (!international) throw new ProviderError('SMS', 'refused', `not a Bangladeshi mobile number: ${mobile}`, 0, undefined, '1001');
  return international;
}
