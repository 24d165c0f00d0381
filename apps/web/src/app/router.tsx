import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { DashboardLayout } from './layouts/DashboardLayout';
import { AdminGuard } from './guards/AdminGuard';
import { RequireUser } from './guards/RequireUser';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { HomePage } from '../features/catalogue/pages/HomePage';
import { ListingPage } from '../features/catalogue/pages/ListingPage';
import { ProductPage } from '../features/catalogue/pages/ProductPage';
import { SearchPage } from '../features/search/pages/SearchPage';
import { RegisterPage } from '../features/auth/pages/RegisterPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
import { VerifyOtpPage } from '../features/auth/pages/VerifyOtpPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { MyAccountPage } from '../features/account/pages/MyAccountPage';
import { ProfilePage } from '../features/account/pages/ProfilePage';
import { AddressPage } from '../features/addresses/pages/AddressPage';
import { CartPage } from '../features/cart/pages/CartPage';
import { OrderCancelPage } from '../features/checkout/pages/OrderCancelPage';
import { OrderSuccessPage } from '../features/checkout/pages/OrderSuccessPage';
import { MyOrdersPage } from '../features/orders/pages/MyOrdersPage';
import { CheckoutPage } from '../features/checkout/pages/CheckoutPage';

/**
 * An admin page, loaded on first visit: shoppers never download the admin
 * screens (TanStack Table, the forms). AdminGuard, around them all, decides
 * who sees them.
 */
const adminPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

/**
 * Routes of spec §2. Pages outside the main layout (auth) and the dashboard
 * are siblings of the main layout.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: 'register', element: <RegisterPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'verify-otp', element: <VerifyOtpPage /> },
      { path: 'password-reset', element: <ResetPasswordPage /> },
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'order-success', element: <OrderSuccessPage /> },
          { path: 'order-cancel', element: <OrderCancelPage /> },
          { path: 'search-page', element: <SearchPage /> },
          { path: 'product/:productSegment', element: <ProductPage /> },
          // Listing: /{category-slug}-{id}/{subcategory-slug}-{id}; more specific routes above win.
          { path: ':categorySegment/:subCategorySegment', element: <ListingPage /> },
          { path: 'my-account', element: <MyAccountPage /> },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { path: 'profile', element: <RequireUser>{(user) => <ProfilePage user={user} />}</RequireUser> },
              { path: 'address', element: <AddressPage /> },
              { path: 'orders', element: <RequireUser>{() => <MyOrdersPage />}</RequireUser> },
              {
                element: (
                  <AdminGuard>
                    <Outlet />
                  </AdminGuard>
                ),
                children: [
                  adminPage('category', async () => (await import('../features/admin-catalogue/pages/CategoryPage')).CategoryPage),
                  adminPage('sub-category', async () => (await import('../features/admin-catalogue/pages/SubCategoryPage')).SubCategoryPage),
                  adminPage('products', async () => (await import('../features/admin-catalogue/pages/ProductsPage')).ProductsPage),
                  adminPage('upload-product', async () => (await import('../features/admin-catalogue/pages/UploadProductPage')).UploadProductPage),
                  adminPage('my-order', async () => (await import('../features/admin-orders/pages/AllOrdersPage')).AllOrdersPage),
                  adminPage('delivery-setting', async () => (await import('../features/admin-orders/pages/ShippingCostPage')).ShippingCostPage),
                ],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
