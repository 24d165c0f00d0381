import { eq, inArray } from 'drizzle-orm';
import type { BusinessSettings } from '@haat/shared/schemas/business';
import { defaultPolicy, type PolicyPage } from '@haat/shared/policies';
import { POLICY_SLUGS, type PolicySlug } from '@haat/shared/policy-text';
import { shopTerms, type ShopTerms } from '@haat/shared/shop-terms';
import { vatRateTenths } from '@haat/shared/vat';
import type { DbOrTx } from '../../db/client';
import { shopPages, shopSettings } from '../../db/schema';
import { SETTINGS_ID, settingsSection } from './settings';

export const DEFAULT_BUSINESS: BusinessSettings = { tradeLicence: '', dbid: '', bin: '', address: '', addressBn: '', vatRate: 15 };

/** The owner's business details (decision 0077); the VAT rate is kept in tenths of a percent. */
export const business = settingsSection<BusinessSettings>({
  fields: {
    tradeLicence: 'tradeLicence',
    dbid: 'dbid',
    bin: 'bin',
    address: 'businessAddress',
    addressBn: 'businessAddressBn',
    vatRate: { column: 'vatRateTenths', read: (tenths) => tenths / 10, write: vatRateTenths },
  },
  defaults: DEFAULT_BUSINESS,
});

export const readBusiness = (db: DbOrTx): Promise<BusinessSettings> => business.read(db);

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
