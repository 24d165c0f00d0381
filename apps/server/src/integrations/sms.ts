import { toInternationalPhone } from '@haat/shared/phone';

/*
 * The SMS kind's interface: what the notify module sends with. Each gateway
 * is a client in integrations/<name>/ (decision 0053); the outbox is lib/sms.
 */

/** One SMS to one Bangladeshi mobile (01XXXXXXXXX, or +880/880 forms). */
export interface SmsMessage {
  to: string;
  text: string;
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

/**
 * A refusal or a failure to reach the gateway. `retryable` is false when
 * sending the same message again cannot help (bad number, no balance, a
 * masked sender that needs Bengali text): those are recorded at once.
 */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** A Bangladeshi mobile in any form the shared rule reads → 8801XXXXXXXXX, the form BulkSMSBD (and every BD gateway) takes. */
export function toGatewayNumber(mobile: string): string {
  const international = toInternationalPhone(mobile);
  if (!international) throw new SmsError(`not a Bangladeshi mobile number: ${mobile}`, false, 1001);
  return international;
}
