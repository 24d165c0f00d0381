import { sql } from 'drizzle-orm';
import type { BusinessSettings } from '@haat/shared/schemas/business';
import type { PolicyPage, PolicyPageInput, PolicySlug } from '@haat/shared/policies';
import { vatRateTenths } from '@haat/shared/vat';
import type { Db } from '../../db/client';
import { shopPages, shopSettings } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';
import { readBusiness, readPolicyPage, SETTINGS_ID } from './queries';

/** The owner's business details (decision 0077), with an audit entry when something changed. */
export async function saveBusiness(db: Db, input: BusinessSettings, actor: Actor): Promise<BusinessSettings> {
  return db.transaction(async (tx) => {
    const before = await readBusiness(tx);
    const set = { tradeLicence: input.tradeLicence, dbid: input.dbid, bin: input.bin, businessAddress: input.address, businessAddressBn: input.addressBn, vatRateTenths: vatRateTenths(input.vatRate) };
    await tx
      .insert(shopSettings)
      .values({ id: SETTINGS_ID, ...set })
      .onConflictDoUpdate({ target: shopSettings.id, set: { ...set, updatedAt: new Date() } });
    await record(tx, actor, { kind: 'settings', action: 'update', targetId: 'shop_settings', before: { ...before }, after: { ...input } });
    return readBusiness(tx);
  });
}

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
