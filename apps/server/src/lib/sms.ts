import type { FastifyBaseLogger } from 'fastify';
import { toInternationalPhone } from '@haat/shared/phone';
import type { Config } from '../config';
import { writeToOutbox } from './outbox';

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

/** BulkSMSBD's documented codes; only 1005 (their internal error) is worth another try. */
const BULKSMSBD_ERRORS: Record<number, string> = {
  1001: 'Invalid Number',
  1002: 'Sender ID not correct or disabled',
  1003: 'Required fields missing',
  1005: 'Internal error',
  1006: 'Balance validity not available',
  1007: 'Balance insufficient',
  1011: 'User ID not found',
  1012: 'Masking SMS must be sent in Bengali',
  1013: 'Sender ID has not found gateway by API key',
  1014: 'Sender type name not found using this sender by API key',
  1015: 'Sender ID has not found any valid gateway by API key',
  1016: 'Sender type name active price info not found by this sender ID',
  1017: 'Sender type name price info not found by this sender ID',
  1018: 'The owner of this account is disabled',
};
const RETRYABLE_CODES = new Set([1005]);

/**
 * BulkSMSBD `smsapi`: a form POST of api_key, type=text, number, senderid and
 * message, answered `{response_code: 202, message_id, success_message}` when
 * taken, or another response_code with error_message. The HTTP status is 200
 * either way; a 5xx, a 429 or a timeout is a failure to reach them (retryable).
 */
export function bulkSmsBdSender(opts: { baseUrl: string; apiKey: string; senderId: string; timeoutMs?: number }): SmsSender {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/smsapi`;
  return {
    name: 'bulksmsbd',
    async send(m) {
      const body = new URLSearchParams({ api_key: opts.apiKey, type: 'text', number: toGatewayNumber(m.to), senderid: opts.senderId, message: m.text });
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError';
        throw new SmsError(timedOut ? 'SMS gateway timed out' : 'SMS gateway unreachable', true);
      }
      if (res.status === 429 || res.status >= 500) throw new SmsError(`SMS gateway answered HTTP ${res.status}`, true);
      const answer = (await res.json().catch(() => null)) as { response_code?: number; message_id?: unknown; error_message?: string } | null;
      if (!answer || typeof answer.response_code !== 'number') throw new SmsError(`SMS gateway answered HTTP ${res.status} without a response_code`, true);
      if (answer.response_code === 202) return { messageId: String(answer.message_id ?? '') };
      const code = answer.response_code;
      const reason = answer.error_message || BULKSMSBD_ERRORS[code] || 'refused';
      throw new SmsError(`BulkSMSBD ${code}: ${reason}`, RETRYABLE_CODES.has(code), code);
    },
  };
}

/** Without gateway settings: each SMS is a JSON file in DATA_DIR/outbox/, beside the mail. */
export function outboxSmsSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  return {
    name: 'outbox',
    async send(m) {
      const number = toGatewayNumber(m.to);
      const { file, id } = await writeToOutbox(dataDir, '.sms.json', `${JSON.stringify({ to: number, text: m.text }, null, 2)}\n`);
      log.info({ file }, 'sms written to outbox');
      return { messageId: `outbox-${id}` };
    },
  };
}

export function createSmsSender(config: Pick<Config, 'SMS_BASE_URL' | 'SMS_API_KEY' | 'SMS_SENDER_ID' | 'DATA_DIR'>, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_BASE_URL && config.SMS_API_KEY && config.SMS_SENDER_ID) {
    return bulkSmsBdSender({ baseUrl: config.SMS_BASE_URL, apiKey: config.SMS_API_KEY, senderId: config.SMS_SENDER_ID });
  }
  return outboxSmsSender(config.DATA_DIR, log);
}
