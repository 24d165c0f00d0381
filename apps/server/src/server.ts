import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { ensureAdmin } from './modules/users/admin';

export interface Started {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** config → db → migrate → admin → seed → listen. Shared by main.ts and the restart test. */
export async function startServer(config: Config, logger: FastifyServerOptions['logger'] = true): Promise<Started> {
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  const app = await buildApp({ config, database, logger });
  const log = app.log;
  try {
    await database.migrate();
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const how = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      log.info({ email: config.ADMIN_EMAIL }, `admin ${how} from ADMIN_EMAIL`);
    }
    if (config.SEED_DEMO) {
      const result = await seedIfEmpty(database.db, {
        dataDir: config.DATA_DIR,
        products: config.SEED_PRODUCTS,
        log: (msg) => log.info(msg),
      });
      if (result) log.info(result, 'demo shop seeded');
    }
    if (config.demoAdmin) {
      await ensureAdmin(database.db, config.demoAdmin.email, config.demoAdmin.password);
    }
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
  if (config.demoAdmin) {
    log.info(`Demo admin: ${config.demoAdmin.email} / ${config.demoAdmin.password}`);
  }
  let stopped: Promise<void> | null = null;
  return {
    app,
    database,
    url,
    stop() {
      // Stop accepting, let requests in flight finish, then close the database.
      stopped ??= app.close().then(() => database.close());
      return stopped;
    },
  };
}
