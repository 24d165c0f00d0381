import type { FastifyInstance } from 'fastify';
import type { Database, Db, DbOrTx } from '../../db/client';
import { ListenSync } from '../../lib/listen-sync';
import { automaticPromotions, promotionByCode, type PromotionRow } from './queries';

/** The channel migration 0027's trigger announces every change of a promotion on. */
const PROMOTIONS_CHANNEL = 'haat_promotions';

/**
 * The automatic promotions not yet ended, kept in this process (issue 22's
 * speed target, decision 0070): every order and quote reads them, and the owner
 * changes them a few times a day. Exact with several processes on one
 * database, as the catalogue cache is (decision 0016): a trigger NOTIFYs every
 * change, and before answering from memory a read waits for a round trip on
 * the LISTEN connection (shared by every read arriving meanwhile), which
 * delivers any change committed before the read began. Whether a kept row runs
 * now (its start and end) is decided at each read, so none waits on a clock.
 */
class RunningPromotions {
  private rows: Promise<PromotionRow[]> | null = null;
  /** Bumped by every change: a load that began before one is answered but not kept. */
  private generation = 0;
  private readonly channel = new ListenSync('promotions cache');

  constructor(private readonly db: Db) {}

  async start(database: Database): Promise<void> {
    await this.channel.start(database, PROMOTIONS_CHANNEL, () => this.clear(), () => this.clear());
  }

  async close(): Promise<void> {
    const closed = this.channel.close();
    this.clear();
    await closed;
  }

  /** Every automatic promotion that has not ended, as the database holds it now. */
  async read(): Promise<PromotionRow[]> {
    try {
      await this.channel.sync();
    } catch {
      // No LISTEN connection: read the database and keep nothing.
      this.clear();
      return automaticPromotions(this.db, new Date());
    }
    if (this.rows) return this.rows;
    const generation = this.generation;
    const pending = automaticPromotions(this.db, new Date());
    this.rows = pending;
    const forget = () => {
      if (this.rows === pending) this.rows = null;
    };
    pending.then(() => {
      if (generation !== this.generation || !this.channel.open) forget();
    }, forget);
    return pending;
  }

  private clear(): void {
    this.generation++;
    this.rows = null;
  }
}

/** One per database handle, so that two apps on one database (tests) never share it. */
const caches = new WeakMap<Db, Promise<RunningPromotions>>();

/** Starts the app's cache of running promotions (one LISTEN connection), closed with the app. */
export function startRunningPromotions(database: Database, app: FastifyInstance): void {
  if (caches.has(database.db)) return;
  const cache = new RunningPromotions(database.db);
  const started = cache.start(database).then(() => cache);
  started.catch(() => {});
  caches.set(database.db, started);
  app.addHook('onClose', async () => {
    caches.delete(database.db);
    await cache.close();
  });
}

/**
 * The automatic promotions running at `now`: from the app's cache when `db`
 * is an app's handle, else (a transaction, a script) from the database.
 */
export async function runningAutomatic(db: DbOrTx, now: Date): Promise<PromotionRow[]> {
  const cache = caches.get(db as Db);
  const rows = cache ? await cache.then((c) => c.read(), () => automaticPromotions(db, now)) : await automaticPromotions(db, now);
  return rows.filter((r) => r.active && r.startsAt <= now && r.endsAt > now);
}

/**
 * The candidates of a pricing: the automatic promotions running at `now` and,
 * when a code is typed, the promotion with that code whatever its state (the
 * engine says why it does not apply), in id order.
 */
export async function candidatePromotions(db: DbOrTx, now: Date, code?: string): Promise<PromotionRow[]> {
  const [automatic, coded] = await Promise.all([runningAutomatic(db, now), code ? promotionByCode(db, code) : null]);
  return coded ? [...automatic, coded].sort((a, b) => (a.id < b.id ? -1 : 1)) : automatic;
}
