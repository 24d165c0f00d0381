import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { translateMessage } from './messages';
import './adminMessages.locales';

/**
 * Every fixed message the server or the shared rules answer with (a quoted
 * string given to badRequest, conflict, notFound, ok, AppError or a
 * `message:`/`error:` field) has its Bangla, so a shopper or the owner never
 * meets an English sentence in a Bangla page. Template strings with a count or
 * a name are MESSAGE_PATTERNS' job (messages.test.ts).
 */
const root = path.resolve(__dirname, '../../../..');
function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return name === 'seed' || name === 'scripts' ? [] : walk(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') ? [rel] : [];
  });
}
const sources = ['apps/server/src', 'packages/shared/src'].flatMap(walk);
const CALL = /(?:badRequest|conflict|notFound|unauthorized|forbidden|AppError\(\d+,|errorBody|ok\([^,]+,|message:|error:)\s*\(?\s*'([^']{8,})'/g;

/** Answers no person reads in the shop: config checks, courier webhooks, routes only machines call. */
const NOT_SHOWN = new Set([
  'No such API route.',
  'must be memory:// or a postgres:// URL',
  'must be an http(s) URL',
  'No such payment',
  'Send the form as multipart/form-data.',
  'notification_type must be delivery_status or tracking_update.',
  'consignment_id is required.',
  'event is required.',
  'status is required for delivery_status.',
  'Unknown consignment.',
  'Webhook received successfully.',
  'Webhook integrated.',
  'Webhook received.',
  'No such sitemap.',
  'New access token issued',
  'User details',
]);

const messages = [...new Set(sources.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(CALL)].map((m) => m[1]!)))];

describe('server messages', () => {
  it('finds the messages in the server and shared sources', () => {
    expect(messages.length).toBeGreaterThan(80);
    expect(messages).toContain('Order placed successfully.');
  });

  it('has Bangla for every one a person can see', async () => {
    await i18n.changeLanguage('bn'); // the test setup turns it back to English after each test
    const untranslated = messages.filter((m) => !NOT_SHOWN.has(m) && translateMessage(m) === m);
    expect(untranslated).toEqual([]);
  });
});
