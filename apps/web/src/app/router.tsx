import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { layoutReads, MainLayout } from './layouts/MainLayout';
import type { PageHandle, PageReads } from './pageReads';
import { AdminGuard } from './guards/AdminGuard';
import { RequireUser } from './guards/RequireUser';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/Spinner';
import { RouteError } from '@/components/RouteError';
import { textsReady } from '@/i18n';
import { paths } from '@haat/shared/paths';
import { HomePage, homeReads } from '@/features/catalogue';

/**
 * A page loaded on first visit. Only the home page ships in the first bundle;
 * the other storefront pages (listing, product, search, cart) and the forms,
 * account, checkout and admin screens (react-hook-form, zod, TanStack Table)
 * come only when opened, so a shopper on a slow phone downloads less before
 * the first page shows (issue 9: ≤ 120 KB gzip of JavaScript per page).
 */
const lazyPage = (path: string, load: () => Promise<ComponentType | { Component: ComponentType; reads: PageReads }>): RouteObject => ({
  path,
  // Shown while the page's code loads on a direct visit (without one React Router warns on every load).
  HydrateFallback: PageLoading,
  // The page's texts in the page's language come with its code (decision 0082); so do the reads the server
  // answers before rendering it (decision 0094).
  lazy: async () => {
    const page = await load();
    await textsReady();
    if (!('reads' in page)) return { Component: page };
    return { Component: page.Component, handle: { reads: page.reads } satisfies PageHandle };
  },
});

/**
 * The pages the server renders (decision 0078) carry, as their route id, the source path of their page module:
 * Vite's manifest names the module's chunks by it, and the server preloads them with the page (decision 0094).
 * The home page's code is in the entry. entry-server answers the server which path is such a page (`storefrontPage`),
 * so no server file names the web's sources.
 */
export const SERVER_RENDERED = 'server-rendered:';
const serverRendered = (module: string, route: RouteObject): RouteObject => ({ ...route, id: `${SERVER_RENDERED}${module}` });

/**
 * Routes of spec §2. Pages outside the main layout (auth) and the dashboard
 * are siblings of the main layout.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      lazyPage(paths.register.pattern, async () => (await import('@/features/auth/pages/RegisterPage')).RegisterPage),
      lazyPage(paths.login.pattern, async () => (await import('@/features/auth/pages/LoginPage')).LoginPage),
      lazyPage(paths.loginCode.pattern, async () => (await import('@/features/auth/pages/LoginCodePage')).LoginCodePage),
      lazyPage(paths.loginMobile.pattern, async () => (await import('@/features/auth/pages/MobileLoginPage')).MobileLoginPage),
      lazyPage(paths.forgotPassword.pattern, async () => (await import('@/features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage),
      lazyPage(paths.verifyOtp.pattern, async () => (await import('@/features/auth/pages/VerifyOtpPage')).VerifyOtpPage),
      lazyPage(paths.passwordReset.pattern, async () => (await import('@/features/auth/pages/ResetPasswordPage')).ResetPasswordPage),
      // Printed pages (issue 13): outside the shop's layout, so only the invoice or the labels reach the paper.
      {
        element: (
          <AdminGuard permission="orders.view">
            <Outlet />
          </AdminGuard>
        ),
        children: [
          lazyPage(paths.dashboard.invoice.pattern, async () => (await import('@/features/admin-orders/pages/InvoicePage')).InvoicePage),
          lazyPage(paths.dashboard.labels.pattern, async () => (await import('@/features/admin-orders/pages/LabelsPage')).LabelsPage),
        ],
      },
      {
        element: <MainLayout />,
        handle: { reads: layoutReads } satisfies PageHandle,
        children: [
          serverRendered('', { index: true, element: <HomePage />, handle: { reads: homeReads } satisfies PageHandle }),
          serverRendered('src/features/cart/pages/CartPage.tsx', lazyPage(paths.cart.pattern, async () => (await import('@/features/cart/pages/CartPage')).CartPage)),
          serverRendered(
            'src/features/checkout/pages/CheckoutPage.tsx',
            lazyPage(paths.checkout.pattern, async () => (await import('@/features/checkout/pages/CheckoutPage')).CheckoutPage),
          ),
          lazyPage(paths.orderSuccess.pattern, async () => (await import('@/features/checkout/pages/OrderSuccessPage')).OrderSuccessPage),
          lazyPage(paths.track.pattern, async () => (await import('@/features/track/pages/TrackPage')).TrackPage),
          lazyPage(paths.chatOrder.pattern, async () => (await import('@/features/checkout/pages/ChatOrderPage')).ChatOrderPage),
          lazyPage(paths.policy.pattern, async () => (await import('@/features/policies/pages/PolicyPage')).PolicyPage),
          lazyPage(paths.complaint.pattern, async () => (await import('@/features/policies/pages/ComplaintPage')).ComplaintPage),
          lazyPage(paths.wishlist.pattern, async () => (await import('@/features/wishlist/pages/WishlistPage')).WishlistPage),
          lazyPage(paths.recover.pattern, async () => (await import('@/features/recovery/pages/RecoverPage')).RecoverPage),
          lazyPage(paths.review.pattern, async () => (await import('@/features/reviews/pages/ReviewPage')).ReviewPage),
          lazyPage(paths.orderCancel.pattern, async () => (await import('@/features/checkout/pages/OrderCancelPage')).OrderCancelPage),
          serverRendered(
            'src/features/search/pages/SearchPage.tsx',
            lazyPage(paths.search.pattern, async () => {
              const { SearchPage: Component, searchReads: reads } = await import('@/features/search/pages/SearchPage');
              return { Component, reads };
            }),
          ),
          serverRendered(
            'src/features/catalogue/pages/ProductPage.tsx',
            lazyPage(paths.product.pattern, async () => {
              const { ProductPage: Component, productReads: reads } = await import('@/features/catalogue/pages/ProductPage');
              return { Component, reads };
            }),
          ),
          // Listing: /{category-slug}-{id}/{subcategory-slug}-{id}; more specific routes above win.
          serverRendered(
            'src/features/catalogue/pages/ListingPage.tsx',
            lazyPage(paths.listing.pattern, async () => {
              const { ListingPage: Component, listingReads: reads } = await import('@/features/catalogue/pages/ListingPage');
              return { Component, reads };
            }),
          ),
          lazyPage(paths.myAccount.pattern, async () => (await import('@/features/account/pages/MyAccountPage')).MyAccountPage),
          {
            path: paths.dashboard.home.pattern,
            // The account's and the staff's side menu: loaded with their pages, not with a shopper's first page (decision 0082).
            HydrateFallback: PageLoading,
            lazy: async () => ({ Component: (await import('./layouts/DashboardLayout')).DashboardLayout }),
            children: [
              { index: true, HydrateFallback: PageLoading, lazy: async () => ({ Component: (await import('./guards/DashboardHome')).DashboardHome }) },
              lazyPage(paths.dashboard.profile.pattern, async () => {
                const { ProfilePage } = await import('@/features/account/pages/ProfilePage');
                return () => <RequireUser>{(user) => <ProfilePage user={user} />}</RequireUser>;
              }),
              lazyPage(paths.dashboard.address.pattern, async () => (await import('@/features/addresses/pages/AddressPage')).AddressPage),
              lazyPage(paths.dashboard.myOrders.pattern, async () => {
                const { MyOrdersPage } = await import('@/features/orders/pages/MyOrdersPage');
                return () => <RequireUser>{() => <MyOrdersPage />}</RequireUser>;
              }),
              // Each staff page with the permission of the shared table (issue 28).
              {
                element: (
                  <AdminGuard permission="catalogue.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [
                  lazyPage(paths.dashboard.category.pattern, async () => (await import('@/features/admin-catalogue/pages/CategoryPage')).CategoryPage),
                  lazyPage(paths.dashboard.subCategory.pattern, async () => (await import('@/features/admin-catalogue/pages/SubCategoryPage')).SubCategoryPage),
                  lazyPage(paths.dashboard.products.pattern, async () => (await import('@/features/admin-catalogue/pages/ProductsPage')).ProductsPage),
                  lazyPage(paths.dashboard.uploadProduct.pattern, async () => (await import('@/features/admin-catalogue/pages/UploadProductPage')).UploadProductPage),
                  lazyPage(paths.dashboard.promotions.pattern, async () => (await import('@/features/admin-promotions/pages/PromotionsPage')).PromotionsPage),
                  lazyPage(paths.dashboard.searchSynonyms.pattern, async () => (await import('@/features/admin-catalogue/pages/SearchSynonymsPage')).SearchSynonymsPage),
                ],
              },
              {
                element: (
                  <AdminGuard permission="orders.view">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [
                  lazyPage(paths.dashboard.orders.pattern, async () => (await import('@/features/admin-orders/pages/AllOrdersPage')).AllOrdersPage),
                  lazyPage(paths.dashboard.complaints.pattern, async () => (await import('@/features/admin-shop/pages/ComplaintsPage')).ComplaintsPage),
                  lazyPage(paths.dashboard.returns.pattern, async () => (await import('@/features/returns/pages/ReturnsPage')).ReturnsPage),
                ],
              },
              {
                element: (
                  <AdminGuard permission="orders.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [
                  lazyPage(paths.dashboard.newOrder.pattern, async () => (await import('@/features/admin-orders/pages/NewOrderPage')).NewOrderPage),
                  lazyPage(paths.dashboard.incompleteOrders.pattern, async () => (await import('@/features/admin-orders/pages/IncompleteOrdersPage')).IncompleteOrdersPage),
                ],
              },
              {
                element: (
                  <AdminGuard permission="settings.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [
                  lazyPage(paths.dashboard.deliverySetting.pattern, async () => (await import('@/features/admin-orders/pages/ShippingCostPage')).ShippingCostPage),
                  lazyPage(paths.dashboard.codProtection.pattern, async () => (await import('@/features/admin-orders/pages/CodProtectionPage')).CodProtectionPage),
                  lazyPage(paths.dashboard.recovery.pattern, async () => (await import('@/features/recovery/pages/RecoveryOwnerPage')).RecoveryOwnerPage),
                  lazyPage(paths.dashboard.failedJobs.pattern, async () => (await import('@/features/admin-jobs/pages/FailedJobsPage')).FailedJobsPage),
                  lazyPage(paths.dashboard.business.pattern, async () => (await import('@/features/admin-shop/pages/BusinessPage')).BusinessPage),
                  lazyPage(paths.dashboard.policies.pattern, async () => (await import('@/features/admin-shop/pages/PoliciesPage')).PoliciesPage),
                ],
              },
              {
                element: (
                  <AdminGuard permission="settlements.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [lazyPage(paths.dashboard.settlements.pattern, async () => (await import('@/features/admin-settlements/pages/SettlementsPage')).SettlementsPage)],
              },
              {
                element: (
                  <AdminGuard permission="staff.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [lazyPage(paths.dashboard.staff.pattern, async () => (await import('@/features/admin-staff/pages/StaffPage')).StaffPage)],
              },
              {
                element: (
                  <AdminGuard permission="audit.view">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [lazyPage(paths.dashboard.audit.pattern, async () => (await import('@/features/admin-audit/pages/AuditPage')).AuditPage)],
              },
              {
                element: (
                  <AdminGuard permission="reviews.manage">
                    <Outlet />
                  </AdminGuard>
                ),
                children: [lazyPage(paths.dashboard.reviews.pattern, async () => (await import('@/features/reviews/pages/ModerationPage')).ModerationPage)],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
