import { createBrowserRouter, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { NotFound } from '../components/NotFound';
import { RouteError } from '../components/RouteError';
import { HomePage } from '../features/home/pages/HomePage';

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
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
