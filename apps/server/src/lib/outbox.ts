import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from './ids';

let written = 0;

/**
 * Writes one message (mail or SMS) into DATA_DIR/outbox and returns its path and id.
 * The file is written under a temporary name and renamed into place, so whoever watches
 * the folder (the owner, a test) never reads a half-written message.
 */
export async function writeToOutbox(dataDir: string, extension: string, data: string | Buffer): Promise<{ file: string; id: string }> {
  const outbox = path.resolve(dataDir, 'outbox');
  await mkdir(outbox, { recursive: true });
  const id = newId(6);
  // Names sort in the order written: the time, then this process's count for files of the same millisecond.
  const count = String(++written % 1_000_000).padStart(6, '0');
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '')}-${count}-${id}${extension}`);
  const partial = `${file}.partial`;
  await writeFile(partial, data);
  await rename(partial, file);
  return { file, id };
}
