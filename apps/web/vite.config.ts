import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // Every `import … from 'zod'` (ours and packages/shared's) goes through the module that turns zod's eval off first.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) },
      // `@/` is src/: imports that leave their own folder (a feature, lib, state, components) start from the root.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': api, '/uploads': api } },
  // Every browser the shop supports knows <link rel=modulepreload>: no polyfill in the first bundle.
  build: { target: 'es2020', sourcemap: false, modulePreload: { polyfill: false } },
});
