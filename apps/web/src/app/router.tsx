import { createBrowserRouter, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { HomePage } from '../features/catalogue/pages/HomePage';
import { ListingPage } from '../features/catalogue/pages/ListingPage';
import { ProductPage } from '../features/catalogue/pages/ProductPage';
import { SearchPage } from '../features/search/pages/SearchPage';

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
          { path: 'search-page', element: <SearchPage /> },
          { path: 'product/:productSegment', element: <ProductPage /> },
          // Listing: /{category-slug}-{id}/{subcategory-slug}-{id}; more specific routes above win.
          { path: ':categorySegment/:subCategorySegment', element: <ListingPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
