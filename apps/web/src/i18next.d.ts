import 'i18next';
import type { Texts as ComponentsTexts } from '@/components/locales';
import type { Texts as CourierWordsTexts } from '@/components/courier.locales';
import type { Texts as OfflineTexts } from '@/components/offline.locales';
import type { Texts as PromotionsTexts } from '@/components/promotions.locales';
import type { Texts as ShopInfoTexts } from '@/components/shopinfo.locales';
import type { Texts as PoliciesTexts } from '@/features/policies/locales';
import type { Texts as AdminShopTexts } from '@/features/admin-shop/locales';
import type { Texts as AccountTexts } from '@/features/account/locales';
import type { Texts as AddressesTexts } from '@/features/addresses/locales';
import type { Texts as CatalogueCsvTexts } from '@/features/admin-catalogue/components/csv.locales';
import type { Texts as AdminVariantsTexts } from '@/features/admin-catalogue/components/variants.locales';
import type { Texts as AdminCatalogueTexts } from '@/features/admin-catalogue/locales';
import type { Texts as AdminSynonymsTexts } from '@/features/admin-catalogue/pages/synonyms.locales';
import type { Texts as AdminStaffTexts } from '@/features/admin-staff/pages/staff.locales';
import type { Texts as AdminAuditTexts } from '@/features/admin-audit/pages/audit.locales';
import type { Texts as AdminJobsTexts } from '@/features/admin-jobs/pages/jobs.locales';
import type { Texts as AdminDashboardTexts } from '@/features/admin-dashboard/locales';
import type { Texts as AdminOrdersTexts } from '@/features/admin-orders/locales';
import type { Texts as AdminPromotionsTexts } from '@/features/admin-promotions/locales';
import type { Texts as AuthTexts } from '@/features/auth/locales';
import type { Texts as CartTexts } from '@/features/cart/locales';
import type { Texts as CatalogueTexts } from '@/features/catalogue/locales';
import type { Texts as CheckoutTexts } from '@/features/checkout/locales';
import type { Texts as OrdersTexts } from '@/features/orders/locales';
import type { Texts as SearchTexts } from '@/features/search/locales';
import type { Texts as TrackTexts } from '@/features/track/locales';
import type { Texts as ReturnsTexts } from '@/components/returns/locales';
import type { Texts as AdminMessagesTexts } from '@/i18n/adminMessages.locales';
import type { Texts as CommonTexts } from '@/i18n/common.locales';
import type { Texts as MessagesTexts } from '@/i18n/messages.locales';
import type { Texts as OrderWordsTexts } from '@/i18n/orderWords';

/**
 * The keys of t('…') checked by tsc (issue 20, item 7). Here, beside the app, not in i18n/ (which never imports a feature): every namespace that a
 * locales.ts registers, typed by its English texts. A misspelt key, or a key
 * of another namespace, does not compile.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      lang: { name: string };
      components: ComponentsTexts;
      courierWords: CourierWordsTexts;
      offline: OfflineTexts;
      promotions: PromotionsTexts;
      shopInfo: ShopInfoTexts;
      policies: PoliciesTexts;
      adminShop: AdminShopTexts;
      account: AccountTexts;
      addresses: AddressesTexts;
      catalogueCsv: CatalogueCsvTexts;
      adminVariants: AdminVariantsTexts;
      adminCatalogue: AdminCatalogueTexts;
      adminSynonyms: AdminSynonymsTexts;
      adminStaff: AdminStaffTexts;
      adminAudit: AdminAuditTexts;
      adminJobs: AdminJobsTexts;
      adminDashboard: AdminDashboardTexts;
      adminOrders: AdminOrdersTexts;
      adminPromotions: AdminPromotionsTexts;
      auth: AuthTexts;
      cart: CartTexts;
      catalogue: CatalogueTexts;
      checkout: CheckoutTexts;
      orders: OrdersTexts;
      search: SearchTexts;
      track: TrackTexts;
      returns: ReturnsTexts;
      adminMessages: AdminMessagesTexts;
      common: CommonTexts;
      messages: MessagesTexts;
      orderWords: OrderWordsTexts;
    };
  }
}
