/** The SEO module's public door: its routes, the SPA page renderer app.ts falls back to, and the storefront's server rendering. */
export { seoRoutes } from './routes';
export { spaPages } from './pages';
export { storefrontRenderer } from './storefront';
