import { defineConfig } from 'drizzle-kit';

// Run from apps/server (root: `npm run db:generate -- --name what_changed`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
