import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The SMS the app wrote to DATA_DIR/outbox/ (no SMS settings in tests), oldest first by file name. */
export function outboxSms(dataDir: string): { to: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.sms.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string });
}
