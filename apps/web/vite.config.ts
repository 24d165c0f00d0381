import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { iconModules } from './icon-modules';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
/** Modules that only admin screens load: the admin features, their messages and the dashboard's chart library. */
const ADMIN_ONLY = /\/src\/features\/admin-|\/src\/i18n\/adminMessages|\/node_modules\/(chart\.js|@kurkle)\//;

/**
 * The service worker (issue 14, docs/decisions/0040-pwa.md): Workbox's generateSW.
 * - Precache: the shopper's app shell: index.html, every storefront JS/CSS chunk, the icons and
 *   public pictures, so any storefront page's code opens offline (the cart page included). Not the
 *   admin's chunks (assets/admin/, see chunkFileNames below: the dashboard's charts alone are
 *   190 KB), which a shopper's data plan should never pay for. A navigation gets the cached index.html.
 * - /assets/* loaded later (the admin's chunks, hashed so never stale): CacheFirst once loaded.
 * - /uploads/* (product pictures): CacheFirst, at most 400 for 30 days: the pictures seen open offline.
 * - The catalogue GETs a product page, a listing and the home page read: NetworkFirst (the network
 *   whenever it answers within 5 s, the last answer otherwise). Nothing else under /api is ever
 *   cached: cart, checkout, orders, auth, user, payments, addresses and the delivery fees always
 *   go to the server, and the server prices every order itself.
 * The route functions are copied into sw.js as source text: they must not use anything from here.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  // Registered by src/pwa/register.ts after the page has loaded, not by an injected script.
  injectRegister: false,
  // The manifest is public/manifest.webmanifest, linked from index.html.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['assets/admin/**'],
    navigateFallback: '/index.html',
    // Server pages that are not the SPA: the API (and its docs), pictures, the bKash sandbox, SEO files; and a
    // language choice (?lang=bn, the toggle's form or a shared link), which the server keeps as its cookie and
    // redirects (Workbox tests path and query).
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/bkash-sandbox\//, /^\/feeds\//, /^\/sitemap/, /^\/robots\.txt$/, /[?&]lang=(en|bn)(&|$)/],
    cleanupOutdatedCaches: true,
    // A new deploy's worker takes over at once; the page picks up the new shell on its next load.
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'haat-assets',
          expiration: { maxEntries: 120, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'haat-images',
          expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // An exact list of public catalogue reads; every other API path is left to the network.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          [
            '/api/product/get-product-details',
            '/api/product/get-product-by-id',
            '/api/product/get-product-by-category-and-subcategory',
            '/api/category/get-category',
            '/api/subcategory/get-subcategories',
            '/api/shop-info',
          ].includes(url.pathname),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'haat-catalogue',
          networkTimeoutSeconds: 5,
          expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

type ModuleInfo = { isEntry: boolean; importers: readonly string[] } | null;
/** Whether a module runs with the entry: an entry, or imported (statically, at any depth) by one. */
function loadsWithEntry(id: string, info: (id: string) => ModuleInfo, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const m = info(id);
  return Boolean(m && (m.isEntry || m.importers.some((i) => loadsWithEntry(i, info, seen))));
}

/**
 * The server-rendering bundle loads its lazy chunks through `globalThis.__haatImport` (the server's storefront.ts sets
 * it), never by an `import()` of its own: tsx, which runs the server, rewrites every module holding one and keeps its
 * source map, 10 MB of the server's heap for this bundle alone (decision 0125). The specifier stays relative to the
 * chunk that asks, as `import()` would resolve it.
 */
const ssrLazyChunks: Plugin = {
  name: 'haat-ssr-lazy-chunks',
  renderDynamicImport: () => ({ left: 'globalThis.__haatImport(new URL(', right: ', import.meta.url).href)' }),
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server rendering's build (dist-server/, issue 25) is code for Node: no pictures, no worker.
  publicDir: isSsrBuild ? false : 'public',
  // @vitejs/plugin-react: JSX's automatic runtime, and Fast Refresh in `vite` (dev).
  plugins: isSsrBuild ? [ssrLazyChunks, tailwindcss(), iconModules(), react()] : [tailwindcss(), iconModules(), react(), pwa],
  resolve: {
    alias: [
      // Every `import … from 'zod'` (ours and packages/shared's) goes through the module that turns zod's eval off first.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
      // `@/` is src/: imports that leave their own folder (a feature, lib, state, components) start from the root.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  // The server rendering bundles every package (Node's own modules stay imports): dist-server/ runs
  // with no package resolution at run time, one copy of React in it, and zod through zod-jitless.ts as in the browser.
  ssr: { noExternal: true },
  server: { proxy: { '/api': api, '/uploads': api } },
  // Every browser the shop supports knows <link rel=modulepreload>: no polyfill in the first bundle.
  build: {
    target: 'es2020',
    // Terser's two passes ship 2–3 KB less per first visit than esbuild's minifier (decision 0082: the product
    // page 100.9 → 98.3 KB gzip); the server's bundle is never downloaded, so it keeps the faster one.
    minify: isSsrBuild ? 'esbuild' : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    sourcemap: false,
    modulePreload: {
      polyfill: false,
      // The entry lists, for each page it may load later, the files to fetch beside it. An admin
      // page's list is left out (decision 0082): its file names need not travel in a shopper's
      // entry; an admin page fetches its own imports as it runs.
      resolveDependencies: (file, deps) => (file.startsWith('assets/admin/') ? [] : deps),
    },
    // .vite/manifest.json: the server preloads a rendered page's own chunk with the entry (issue 25).
    manifest: !isSsrBuild,
    rollupOptions: {
      // Libraries' "use client" lines mean nothing to a bundle without React server components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        // The texts of the namespaces the entry registers, one chunk per language (decision 0082): a
        // first visit fetches one file of its language's texts, not one per namespace. A lazy
        // feature's texts stay in their own chunks, loaded with the feature, and so do texts that
        // import something (Rollup would pull what they import into the group, and the entry after it).
        manualChunks: (id, { getModuleInfo }) => {
          const lang = /[./]locales\.(en|bn)\.ts$/.exec(id)?.[1];
          const info = lang ? getModuleInfo(id) : null;
          const owner = info && info.importedIds.length === 0 ? info.dynamicImporters[0] : undefined;
          return owner && loadsWithEntry(owner, getModuleInfo) ? `texts-${lang}` : undefined;
        },
        // Chunks only the admin loads go to assets/admin/, which the service worker does not precache.
        // Rollup puts modules in one chunk when the same pages load them, so a chunk holding an
        // admin module is loaded by admin pages only (the shared schemas and table code beside it too).
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => ADMIN_ONLY.test(id)) ? 'assets/admin/[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
}));
