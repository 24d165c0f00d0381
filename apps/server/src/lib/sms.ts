import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { bulkSmsBdSender } from '../integrations/bulksmsbd/client';
import { toGatewayNumber, type SmsSender } from '../integrations/sms';
import { writeToOutbox } from './outbox';

/** The SMS kind lives beside its gateways (integrations/sms.ts, decision 0053). */
export * from '../integrations/sms';

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
