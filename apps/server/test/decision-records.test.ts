import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20 item 10: every decision record in docs/decisions carries, near its
 * top, the day it was written and whether it still holds, so a reader knows
 * which of two records that disagree to follow.
 *
 *   Date: 2026-11-25
 *   Status: accepted            (anything may follow in brackets)
 *   Status: superseded by 0025  (a record that exists)
 */
const dir = fileURLToPath(new URL('../../../docs/decisions/', import.meta.url));
const records = readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/m;
const STATUS = /^Status: (accepted\b|superseded by (\d{4})\b)/m;
/** Near the top: the title, a blank line, then the two lines (a few more lines allowed). */
const top = (text: string) => text.split('\n').slice(0, 8).join('\n');

describe('decision records', () => {
  it('are there', () => {
    expect(records.length).toBeGreaterThan(40);
  });

  it.each(records)('%s has a Date and a Status near the top', (file) => {
    const head = top(readFileSync(`${dir}${file}`, 'utf8'));
    const date = DATE.exec(head);
    expect(date, `${file}: add a "Date: YYYY-MM-DD" line under the title`).not.toBeNull();
    expect(Number.isNaN(Date.parse(date![1]!)), `${file}: ${date![1]} is not a date`).toBe(false);
    const status = STATUS.exec(head);
    expect(status, `${file}: add a "Status: accepted" or "Status: superseded by NNNN" line under the title`).not.toBeNull();
    const by = status![2];
    if (by) {
      expect(records.some((r) => r.startsWith(`${by}-`)), `${file} is superseded by ${by}, which does not exist`).toBe(true);
      expect(by > file.slice(0, 4), `${file} can only be superseded by a later decision`).toBe(true);
    }
  });
});
