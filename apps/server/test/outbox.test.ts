import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeToOutbox } from '../src/lib/outbox';
import { tmpDir } from './support';

describe('the outbox folder', () => {
  it('names its messages so that they sort in the order written, many in one millisecond too', async () => {
    const dir = tmpDir('haat-outbox-');
    for (let n = 0; n < 200; n++) await writeToOutbox(dir, '.sms.json', JSON.stringify({ n }));
    const files = readdirSync(path.join(dir, 'outbox')).sort();
    expect(files).toHaveLength(200);
    expect(files.map((f) => (JSON.parse(readFileSync(path.join(dir, 'outbox', f), 'utf8')) as { n: number }).n)).toEqual([...Array(200).keys()]);
  });
});
