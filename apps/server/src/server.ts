import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './seed/seed';
import { ensureAdmin } from './modules/users/admin';

/** How long stop() lets requests in flight finish before cutting their connections. */
const STOP_GRACE_MS = 7_000;
/** How long stop() waits for the database's connections to close (main.ts exits anyway after 10 s). */
const CLOSE_DB_MS = 2_000;

export interface Started {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** config → db → migrate → admin → seed → listen. Shared by main.ts and the restart test. */
export async function startServer(config: Config, logger: FastifyServerOptions['logger'] = true): Promise<Started> {
  // Lost connections (a PostgreSQL restart) are logged by the app's logger once it exists.
  let onConnectionError = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  let onReplicaState = (_state: 'down' | 'up', message: string) => console.warn(message);
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR, {
    onConnectionError: (err) => onConnectionError(err),
    readUrl: config.READ_DATABASE_URL,
    onReplicaState: (state, message) => onReplicaState(state, message),
  });
  const app = await buildApp({ config, database, logger });
  const log = app.log;
  onConnectionError = (err) => log.warn(`database connection lost: ${err.message}`);
  onReplicaState = (state, message) => (state === 'down' ? log.warn(message) : log.info(message));
  try {
    await prepareDatabase(config, database, log);
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
    // No password in the log (main.ts shows the public demo one on the terminal).
    log.info({ email: config.demoAdmin.email }, 'demo admin ready');
  }
  let stopped: Promise<void> | null = null;
  return {
    app,
    database,
    url,
    stop() {
      stopped ??= stopServer(app, database);
      return stopped;
    },
  };
}

/** Migrations, the admin from ADMIN_EMAIL, the demo shop and its admin, as the configuration asks. */
async function prepareDatabase(config: Config, database: Database, log: FastifyBaseLogger): Promise<void> {
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
    await ensureAdmin(database.db, config.demoAdmin.email, config.demoAdmin.password, { createOnly: true });
  }
}

/** Stop accepting, let requests in flight finish, then close the database. */
async function stopServer(app: FastifyInstance, database: Database): Promise<void> {
  const log = app.log;
  // close() reaps the keep-alive sockets idle at that moment; the busy ones become idle once their
  // answer is sent and would otherwise live on for keepAliveTimeout (72 s). Reap those as they go idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  // A request still unfinished after the grace period (a client that never sends the rest) is cut off.
  const cutOff = setTimeout(() => app.server.closeAllConnections(), STOP_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(cutOff);
  }
  // A connection a crashed or restarted PostgreSQL left checked out must not hold the shutdown forever.
  let waited: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => (waited = setTimeout(() => resolve('gave up'), CLOSE_DB_MS)));
  const closed = await Promise.race([database.close().then(() => 'closed' as const), gaveUp]);
  clearTimeout(waited);
  if (closed === 'gave up') log.warn(`database connections still busy after ${CLOSE_DB_MS / 1000} s; stopped without them`);
}
