import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from './index';
import { translateMessage } from './messages';
import './adminMessages.locales';

/**
 * Every fixed success message the server answers with (a quoted string given
 * to ok(…) or a `message:` field) has its Bangla, so a shopper or the owner
 * never meets an English sentence in a Bangla page. Errors are not scanned:
 * they carry a code, and errors.bn.ts's type demands Bangla for every code
 * (decision 0052).
 */
const root = path.resolve(__dirname, '../../../..');
function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return name === 'seed' || name === 'scripts' ? [] : walk(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') ? [rel] : [];
  });
}
const sources = ['apps/server/src'].flatMap(walk);
const CALL = /(?:ok\([^,]+,|message:)\s*\(?\s*'([^']{8,})'/g;

/** Answers no person reads in the shop: courier webhooks, routes only machines call. */
const NOT_SHOWN = new Set(['Unknown consignment.', 'Webhook received successfully.', 'Webhook integrated.', 'Webhook received.', 'New access token issued', 'User details', 'Unauthorized.', 'must be memory:// or a postgres:// URL', 'No such payment', 'No such session']);

const messages = [...new Set(sources.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(CALL)].map((m) => m[1]!)))];

describe('server success messages', () => {
  it('finds the messages in the server sources', () => {
    expect(messages.length).toBeGreaterThan(20);
    expect(messages).toContain('Order placed successfully.');
  });

  it('has Bangla for every one a person can see', async () => {
    await changeLanguage('bn'); // the test setup turns it back to English after each test
    const untranslated = messages.filter((m) => !NOT_SHOWN.has(m) && translateMessage(m) === m);
    expect(untranslated).toEqual([]);
  });
});
