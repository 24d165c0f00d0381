import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** A LISTEN on one channel (see listen below). */
export interface Listener {
  /** Resolves once every notification committed before the call has been delivered to onMessage. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTENs on a channel. onLost is called when the connection dropped and
   * notifications may have been missed; the next sync() reconnects.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<Listener>;
  /** Cheap round trip for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATEs of a server going away or not there yet: admin/crash shutdown, starting up, out of connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * True when an error (or one it wraps: drizzle's query error, an AggregateError
 * of several addresses) means the database cannot be reached right now, rather
 * than that the query or its input was wrong. Such errors answer 503.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // The driver's own errors carry no code; a server error's message (or drizzle's, holding the parameters) may quote input.
  if (!code && !('query' in e) && typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export interface OpenOptions {
  /**
   * Errors of pooled connections that no request is waiting on, e.g. when
   * PostgreSQL restarts. They are logged, never thrown: the pool replaces the
   * connections and the next request connects again.
   */
  onConnectionError?: (err: Error) => void;
}

const logConnectionError = (err: Error) => console.warn(`database connection lost: ${err.message}`);

/**
 * The driver follows DATABASE_URL: unset → PGlite persisted in DATA_DIR/db,
 * memory:// → in-memory PGlite, postgres://… → a node-postgres pool.
 */
export async function openDatabase(databaseUrl: string | undefined, dataDir: string, opts: OpenOptions = {}): Promise<Database> {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      // A request waits at most this long for a connection (also while the server is unreachable), then answers 503.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const onError = opts.onConnectionError ?? logConnectionError;
    // Without these listeners an ended connection is an unhandled 'error' event, which kills the process.
    pool.on('error', (err) => onError(err));
    // A checked-out client (inside a transaction) has no pool listener; its running query gets the error anyway.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      listen: (channel, onMessage, onLost) => pgListener(databaseUrl, channel, onMessage, onLost),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (databaseUrl !== 'memory://') {
    dir = path.resolve(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: async (channel, onMessage) => {
      // PGlite is this process's only connection and delivers a notification before the query that caused it resolves.
      const unlisten = await client.listen(channel, onMessage);
      // Once the database is closed (shutdown, or a test closing it first) there is nothing to unlisten.
      return { sync: async () => {}, close: async () => (client.closed ? undefined : unlisten()) };
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * A LISTEN on its own connection (a pooled one would be handed to queries).
 * sync() sends a round trip on it: PostgreSQL delivers pending notifications
 * before it answers, so once sync() resolves every change committed earlier
 * has reached onMessage.
 */
async function pgListener(url: string, channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<Listener> {
  let current: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const connect = () =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
      c.on('notification', (m) => {
        if (m.channel === channel) onMessage(m.payload ?? '');
      });
      c.on('error', () => c.end().catch(() => {}));
      c.on('end', () => {
        if (current === c) {
          current = null;
          connecting = null;
          if (!closed) onLost();
        }
      });
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      current = c;
      return c;
    })().catch((err: unknown) => {
      connecting = null;
      throw err;
    }));
  await connect();
  return {
    async sync() {
      const c = current ?? (await connect());
      await c.query('select 1');
    },
    async close() {
      closed = true;
      const c = current;
      if (!c) return;
      // A socket a restarted server left half-open may never see Terminate answered: cut it after 1 s.
      const cut = setTimeout(() => (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy(), 1_000);
      await c.end().finally(() => clearTimeout(cut));
    },
  };
}
