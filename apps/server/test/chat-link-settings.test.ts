import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { makeUser, useTestApp } from './support';

/** Decision 0131: the owner's chat-link lifetime, as the dashboard's settings screen saves it. */
describe('the chat-link lifetime setting', () => {
  const t = useTestApp();

  it('refuses hours outside 1–720 with the rule and changes nothing; a save is audited with before and after', async () => {
    const owner = await makeUser(t.database.db, t.config, 'ADMIN');
    const audits = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.kind, 'settings'))).filter((a) => JSON.stringify(a).includes('hours'));
    const before = await audits();
    for (const hours of [0, 721, 2.5, 'abc']) {
      const bad = await t.api().as(owner).put('chat-links/settings', { hours });
      expect([bad.statusCode, bad.json().message]).toEqual([400, 'A link must last from 1 to 720 hours.']);
    }
    expect((await t.api().as(owner).get('chat-links/settings')).json().data).toEqual({ hours: 48 });
    expect(await audits()).toHaveLength(before.length);

    const saved = await t.api().as(owner).put('chat-links/settings', { hours: 12 });
    expect([saved.statusCode, saved.json().data]).toEqual([200, { hours: 12 }]);
    expect((await t.api().as(owner).get('chat-links/settings')).json().data).toEqual({ hours: 12 });
    const after = await audits();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ action: 'update', before: { hours: 48 }, after: { hours: 12 }, actorId: owner.id });
  });
});
