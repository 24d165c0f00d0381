/** The SEO module's public door: its routes and the SPA page renderer app.ts falls back to. */
export { seoRoutes } from './routes';
export { spaPages } from './pages';
