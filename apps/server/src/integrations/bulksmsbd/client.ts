import { z } from 'zod';
import { ProviderError, providerRequest } from '../http';
import { toGatewayNumber, type SmsSender } from '../sms';

/** BulkSMSBD's documented codes; only 1005 (their internal error) is worth another try (smsRetryable). */
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

/** What smsapi answers, taken or refused (reference §SMS). */
const answerSchema = z.looseObject({
  response_code: z.number(),
  message_id: z.union([z.string(), z.number()]).nullable().optional(),
  success_message: z.string().optional(),
  error_message: z.string().optional(),
});
type BulkSmsBdAnswer = z.output<typeof answerSchema>;

/** A transport failure in the SMS kind's words (still a ProviderError); a 4xx that still carries a response_code is read like a 200. */
function readFailure(err: unknown): BulkSmsBdAnswer {
  if (!(err instanceof ProviderError)) throw err;
  const again = (message: string, kind = err.kind) => new ProviderError(err.provider, kind, message, err.status, err.body, err.code);
  if (err.kind === 'timeout') throw again('SMS gateway timed out');
  if (err.kind === 'network') throw again('SMS gateway unreachable');
  if (err.kind === 'rate-limited' || err.kind === 'server') throw again(`SMS gateway answered HTTP ${err.status}`);
  const answer = err.kind === 'refused' ? answerSchema.safeParse(err.body) : null;
  if (answer?.success) return answer.data;
  throw again(`SMS gateway answered HTTP ${err.status} without a response_code`, 'bad-answer');
}

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
      let answer: BulkSmsBdAnswer;
      try {
        // Never retried: a second try could send the message twice.
        answer = await providerRequest({ provider: 'BulkSMSBD', method: 'POST', url, body, timeoutMs: opts.timeoutMs ?? 10_000, retry: 'never', schema: answerSchema });
      } catch (err) {
        answer = readFailure(err);
      }
      if (answer.response_code === 202) return { messageId: String(answer.message_id ?? '') };
      const code = answer.response_code;
      const reason = answer.error_message || BULKSMSBD_ERRORS[code] || 'refused';
      throw new ProviderError('BulkSMSBD', 'refused', `BulkSMSBD ${code}: ${reason}`, 200, answer, String(code));
    },
  };
}

