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

/**
 * Catalogue reads (decision 0072): on a streaming replica when READ_DATABASE_URL
 * names one and it answers, else on the primary.
 */
export interface Reads {
  /** True when a replica is configured (it may be down right now). */
  replicated: boolean;
  /**
   * Runs read on the replica, or on the primary when there is none, it is
   * marked down, it fails with a connection-level error or a recovery conflict,
   * or (with atLeast) it has not yet replayed the primary's WAL up to atLeast.
   */
  run<T>(read: (db: Db) => Promise<T>, atLeast?: bigint): Promise<T>;
  /** The primary's WAL insert position now: every transaction committed before the call lies below it. */
  primaryPosition(): Promise<bigint>;
  /** Reads answered by each (for tests and the bench). */
  answered: { replica: number; primary: number };
}

/** A LISTEN on one channel (see listen below). */
export interface Listener {
  /** Resolves once every notification committed before the call has been delivered to onMessage. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How the job queue (lib/jobs.ts, pg-boss) reaches the same database: its own pool, or the one PGlite. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite };
  /** Where catalogue reads go: the read replica of READ_DATABASE_URL when there is one, else db (decision 0072). */
  reads: Reads;
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
  /** A streaming replica of DATABASE_URL for catalogue reads (READ_DATABASE_URL); PostgreSQL only. */
  readUrl?: string;
  /** Told once when the replica stops answering and once when it answers again. */
  onReplicaState?: (state: 'down' | 'up', message: string) => void;
}

const logConnectionError = (err: Error) => console.warn(`database connection lost: ${err.message}`);

/**
 * The driver follows DATABASE_URL: unset → PGlite persisted in DATA_DIR/db,
 * memory:// → in-memory PGlite, postgres://… → a node-postgres pool.
 */
export async function openDatabase(databaseUrl: string | undefined, dataDir: string, opts: OpenOptions = {}): Promise<Database> {
  const isPostgres = databaseUrl !== undefined && /^postgres(ql)?:\/\//.test(databaseUrl);
  if (opts.readUrl && !isPostgres) throw new Error('a read replica (READ_DATABASE_URL) needs DATABASE_URL to be a postgres:// URL');
  if (databaseUrl && isPostgres) {
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
    const replica = opts.readUrl ? replicaReads(opts.readUrl, db, pool, opts.onReplicaState ?? ((_, m) => console.warn(m))) : null;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: databaseUrl },
      reads: replica?.reads ?? primaryReads(db),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      listen: (channel, onMessage, onLost) => pgListener(databaseUrl, channel, onMessage, onLost),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await Promise.all([pool.end(), replica?.close()]);
      },
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
    connection: { kind: 'pglite', pglite: client },
    reads: primaryReads(db),
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

/** Every catalogue read on the primary: the embedded database, or PostgreSQL without READ_DATABASE_URL. */
function primaryReads(db: Db): Reads {
  const answered = { replica: 0, primary: 0 };
  return {
    replicated: false,
    run: (read) => {
      answered.primary++;
      return read(db);
    },
    primaryPosition: async () => 0n,
    answered,
  };
}

/** After a connection-level failure the replica is left alone this long, then tried again. */
const REPLICA_RETRY_MS = 5_000;
/** How long a read waits to connect to the replica before it goes to the primary instead. */
const REPLICA_CONNECT_MS = 1_000;
/** A standby cancels a read whose rows replay must remove (recovery conflict): the primary answers it instead. */
const RECOVERY_CONFLICT_SQLSTATES = new Set(['40001', '40P01']);

function isRecoveryConflict(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 6; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && RECOVERY_CONFLICT_SQLSTATES.has(e.code)) return true;
  }
  return false;
}

/** A WAL position ('16/B374D848') as a number that compares. */
function parseLsn(text: string): bigint {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!m) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

function replicaPool(readUrl: string): pg.Pool {
  return new pg.Pool({
    connectionString: readUrl,
    max: 10,
    connectionTimeoutMillis: REPLICA_CONNECT_MS,
    keepAlive: true,
    // Names these connections in the replica's pg_stat_activity.
    application_name: 'haat-read',
  });
}

type ReplicaTell = (state: 'down' | 'up', message: string) => void;

/** Whether the replica is down (told once when it goes, once when it comes back), and until when reads skip it. */
function replicaHealth(tell: ReplicaTell) {
  let downUntil = 0;
  let down = false;
  return {
    /** Down and not yet due for another try. */
    resting: () => down && performance.now() < downUntil,
    markDown(err: unknown) {
      downUntil = performance.now() + REPLICA_RETRY_MS;
      if (down) return;
      down = true;
      tell('down', `read replica unreachable (${err instanceof Error ? err.message : String(err)}); catalogue reads go to the primary, the replica is tried again every ${REPLICA_RETRY_MS / 1000} s`);
    },
    markUp() {
      if (!down) return;
      down = false;
      tell('up', 'read replica answering again; catalogue reads go to it');
    },
  };
}

/**
 * Reads on a streaming replica (READ_DATABASE_URL), with the primary behind
 * it. A connection-level failure sends the read to the primary and marks the
 * replica down for REPLICA_RETRY_MS (told once); the first read after that
 * tries it again. How far the replica has replayed is remembered (it only
 * grows while the replica stays up; forgotten on every new connection), so a
 * read that asks for a position it has already passed costs no extra round trip.
 */
function replicaReads(readUrl: string, primary: Db, primaryPool: pg.Pool, tell: ReplicaTell): { reads: Reads; close(): Promise<void> } {
  const pool = replicaPool(readUrl);
  const replica = drizzlePg(pool, { schema }) as unknown as Db;
  const answered = { replica: 0, primary: 0 };
  const health = replicaHealth(tell);
  /** The furthest WAL position the replica has been seen to have replayed (0: ask it). */
  let replayed = 0n;
  const markDown = (err: unknown) => {
    // A restarted replica may come back at an earlier position than last seen: ask again.
    replayed = 0n;
    health.markDown(err);
  };
  const markUp = health.markUp;
  // An idle connection the replica ended (a restart): the next read connects again, or finds it down.
  pool.on('error', (err) => markDown(err));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // A new connection may be to a restarted replica: ask it how far it has replayed.
    replayed = 0n;
  });

  /** True when the replica has replayed up to atLeast (or is no standby at all: a promoted one, or the primary itself). */
  const caughtUp = async (atLeast: bigint) => {
    if (replayed >= atLeast) return true;
    const { rows } = await pool.query<{ standby: boolean; lsn: string | null }>('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn');
    const row = rows[0]!;
    if (!row.standby) return true;
    if (row.lsn) {
      const lsn = parseLsn(row.lsn);
      if (lsn > replayed) replayed = lsn;
    }
    return replayed >= atLeast;
  };
  const onPrimary = <T>(read: (db: Db) => Promise<T>) => {
    answered.primary++;
    return read(primary);
  };
  const reads: Reads = {
    replicated: true,
    answered,
    async run(read, atLeast) {
      if (health.resting()) return onPrimary(read);
      let result;
      try {
        if (atLeast !== undefined && !(await caughtUp(atLeast))) {
          markUp();
          return onPrimary(read);
        }
        result = await read(replica);
      } catch (err) {
        if (isDatabaseUnavailable(err)) markDown(err);
        else if (!isRecoveryConflict(err)) throw err;
        return onPrimary(read);
      }
      markUp();
      answered.replica++;
      return result;
    },
    async primaryPosition() {
      const { rows } = await primaryPool.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      return parseLsn(rows[0]!.lsn);
    },
  };
  return { reads, close: () => pool.end() };
}
