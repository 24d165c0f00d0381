/**
 * npm run create-admin -- --email admin@example.com --password secret123
 * Creates that admin, or promotes the existing account, in the configured database.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureAdmin } from '../modules/users/admin';

const usage = 'Usage: npm run create-admin -- --email <email> --password <password (6+ characters)>';

async function main(): Promise<number> {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.email || !values.password) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  try {
    await database.migrate();
    const how = await ensureAdmin(database.db, values.email, values.password, { resetPassword: true });
    console.log(`Admin ${values.email.trim().toLowerCase()} ${how}.`);
    return 0;
  } catch (err) {
    const issues = (err as { issues?: { message: string }[] }).issues;
    console.error(`Could not create the admin: ${issues?.[0]?.message ?? (err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
