import { createBrowserRouter, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { HomePage } from '../features/home/pages/HomePage';
import { CartPage } from '../features/cart/pages/CartPage';
import { OrderCancelPage } from '../features/checkout/pages/OrderCancelPage';
import { OrderSuccessPage } from '../features/checkout/pages/OrderSuccessPage';
import { MyOrdersPage } from '../features/orders/pages/MyOrdersPage';

/**
 * Routes of spec §2. Pages outside the main layout (auth) and the dashboard
 * are siblings of the main layout.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'order-success', element: <OrderSuccessPage /> },
          { path: 'order-cancel', element: <OrderCancelPage /> },
          // Moves under the dashboard layout once that lands.
          { path: 'dashboard/orders', element: <MyOrdersPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
