import { sql } from 'drizzle-orm';
import type { BusinessSettings } from '@haat/shared/schemas/business';
import type { PolicyPage, PolicyPageInput } from '@haat/shared/policies';
import type { PolicySlug } from '@haat/shared/policy-text';
import type { Db } from '../../db/client';
import { shopPages } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';
import { business, readPolicyPage } from './queries';

/** The owner's business details (decision 0077), with an audit entry when something changed. */
export const saveBusiness = (db: Db, input: BusinessSettings, actor: Actor): Promise<BusinessSettings> => business.save(db, input, actor);

/**
 * Saves a policy page in both languages. Its version goes up by one only when
 * the text changed: an order's consent names the version the shopper agreed to.
 */
export async function savePolicyPage(db: Db, slug: PolicySlug, input: PolicyPageInput, actor: Actor): Promise<PolicyPage> {
  return db.transaction(async (tx) => {
    const before = await readPolicyPage(tx, slug);
    const same = before.title_en === input.title_en && before.title_bn === input.title_bn && before.body_en === input.body_en && before.body_bn === input.body_bn;
    if (same && before.version > 0) return before;
    const values = { titleEn: input.title_en, titleBn: input.title_bn, bodyEn: input.body_en, bodyBn: input.body_bn, updatedBy: actor.id };
    await tx
      .insert(shopPages)
      .values({ slug, ...values, version: 1 })
      .onConflictDoUpdate({ target: shopPages.slug, set: { ...values, version: sql`${shopPages.version} + 1`, updatedAt: new Date() } });
    const { version: _v, updatedAt: _u, ...beforeText } = before;
    await record(tx, actor, { kind: 'settings', action: 'update', targetId: `shop_pages:${slug}`, label: input.title_en, before: beforeText, after: { slug, ...input } });
    return readPolicyPage(tx, slug);
  });
}
