import { eq, inArray } from 'drizzle-orm';
import type { BusinessSettings } from '@haat/shared/schemas/business';
import { defaultPolicy, POLICY_SLUGS, type PolicyPage, type PolicySlug } from '@haat/shared/policies';
import { shopTerms, type ShopTerms } from '@haat/shared/shop-terms';
import type { DbOrTx } from '../../db/client';
import { shopPages, shopSettings } from '../../db/schema';

/** shop_settings' one row (migration 0011). */
export const SETTINGS_ID = 1;

export const DEFAULT_BUSINESS: BusinessSettings = { tradeLicence: '', dbid: '', bin: '', address: '', addressBn: '', vatRate: 15 };

export async function readBusiness(db: DbOrTx): Promise<BusinessSettings> {
  const [row] = await db
    .select({ tradeLicence: shopSettings.tradeLicence, dbid: shopSettings.dbid, bin: shopSettings.bin, address: shopSettings.businessAddress, addressBn: shopSettings.businessAddressBn, vatRateTenths: shopSettings.vatRateTenths })
    .from(shopSettings)
    .where(eq(shopSettings.id, SETTINGS_ID));
  if (!row) return { ...DEFAULT_BUSINESS };
  const { vatRateTenths, ...rest } = row;
  return { ...rest, vatRate: vatRateTenths / 10 };
}

/** The shop's promises as the owner set them (delivery days, decision 0076; return window, decision 0075) over the guidelines' defaults. */
export async function readShopTerms(db: DbOrTx): Promise<ShopTerms> {
  const [row] = await db
    .select({ deliveryDaysInsideDhaka: shopSettings.deliveryDaysInsideDhaka, deliveryDaysOutsideDhaka: shopSettings.deliveryDaysOutsideDhaka, returnWindowDays: shopSettings.returnWindowDays })
    .from(shopSettings)
    .where(eq(shopSettings.id, SETTINGS_ID));
  return shopTerms(row);
}

type PageRow = typeof shopPages.$inferSelect;

const pageOf = (slug: PolicySlug, row: PageRow | undefined, terms: ShopTerms): PolicyPage =>
  row
    ? { slug, title_en: row.titleEn, title_bn: row.titleBn, body_en: row.bodyEn, body_bn: row.bodyBn, version: row.version, updatedAt: row.updatedAt.toISOString() }
    : { slug, ...defaultPolicy(slug, terms), version: 0, updatedAt: null };

/** One policy page: the owner's text, or the default (version 0) with the shop's own days. */
export async function readPolicyPage(db: DbOrTx, slug: PolicySlug): Promise<PolicyPage> {
  const [[row], terms] = await Promise.all([db.select().from(shopPages).where(eq(shopPages.slug, slug)), readShopTerms(db)]);
  return pageOf(slug, row, terms);
}

export async function readPolicyPages(db: DbOrTx): Promise<PolicyPage[]> {
  const [rows, terms] = await Promise.all([db.select().from(shopPages), readShopTerms(db)]);
  return POLICY_SLUGS.map((slug) => pageOf(slug, rows.find((r) => r.slug === slug), terms));
}

/** The terms' and privacy page's versions in force, which an order's consent keeps (0 = the default text). */
export async function readConsentVersions(db: DbOrTx): Promise<{ terms: number; privacy: number }> {
  const rows = await db.select({ slug: shopPages.slug, version: shopPages.version }).from(shopPages).where(inArray(shopPages.slug, ['terms', 'privacy']));
  const of = (slug: PolicySlug) => rows.find((r) => r.slug === slug)?.version ?? 0;
  return { terms: of('terms'), privacy: of('privacy') };
}
