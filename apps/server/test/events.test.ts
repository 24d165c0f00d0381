import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Events } from '../src/lib/events';
import { queryRows, useTestApp } from './support';

/** Decision 0107: a module's reactions to another's change run in the change's transaction, in subscription order. */
const t = useTestApp();

type Probe = { 'probe.happened': { n: number } };

describe('events', () => {
  it('run every reaction in the publishing transaction, in the order they subscribed; a throw rolls the change back', async () => {
    const { db } = t.database;
    await db.execute(sql`create table if not exists event_probe (n int not null, by text not null)`);
    const events = new Events<Probe>();
    const seen: string[] = [];
    events.on('probe.happened', async ({ n }, tx) => {
      seen.push(`first ${n}`);
      await tx.execute(sql`insert into event_probe values (${n}, 'first')`);
    });
    events.on('probe.happened', async ({ n }, tx) => {
      seen.push(`second ${n}`);
      if (n === 2) throw new Error('the reaction failed');
      await tx.execute(sql`insert into event_probe values (${n}, 'second')`);
    });

    await db.transaction((tx) => events.publish(tx, 'probe.happened', { n: 1 }));
    await expect(db.transaction((tx) => events.publish(tx, 'probe.happened', { n: 2 }))).rejects.toThrow('the reaction failed');

    expect(seen).toEqual(['first 1', 'second 1', 'first 2', 'second 2']);
    const rows = await queryRows<{ n: number; by: string }>(t.database, sql`select n, by from event_probe order by n, by`);
    expect(rows.map((r) => `${r.n} ${r.by}`)).toEqual(['1 first', '1 second']);
  });

  it('publishing an event nobody subscribed to does nothing', async () => {
    await expect(t.database.db.transaction((tx) => new Events<Probe>().publish(tx, 'probe.happened', { n: 3 }))).resolves.toBeUndefined();
  });
});
