import type { Database, Db, Reads } from '../../db/client';
import { prepareBody, type PreparedBody } from '../../lib/httpCache';
import { ListenSync } from '../../lib/listen-sync';

/** The channel the catalogue's triggers announce changes on (migration 0003). */
export const CATALOGUE_CHANNEL = 'haat_catalogue';
/**
 * Characters of JSON kept (V8 stores ASCII text a byte a character): bounds the
 * server's memory whatever shoppers search for; ~1,500 pages of 20 products.
 */
const DEFAULT_MAX_BYTES = 24 * 1024 * 1024;
/** Products whose stock change is remembered for loads in flight (a few MB at most). */
const MAX_STOCK_CHANGES = 50_000;

interface Entry {
  body: PreparedBody;
  productIds: string[];
  bytes: number;
  /** When the stock of a product it shows moved (performance.now()); served until the stock grace runs out. */
  staleSince?: number;
}

/** A load in flight or done: its answer, the products it shows, and the stock change count when it began. */
interface Loading {
  body: PreparedBody;
  productIds: string[];
  startedAt: number;
  /** When it began (performance.now()): what it shows is at least that fresh. */
  began: number;
}

export interface Loaded {
  body: unknown;
  /** The products the answer shows: a change to their stock drops it. */
  productIds: string[];
}

/**
 * Hot catalogue answers, kept as ready JSON + ETag in this process (issue 9,
 * decision 0016). Correct with several processes on one database: triggers
 * NOTIFY every catalogue change, and before answering from memory each request
 * waits for a round trip on the LISTEN connection (shared by every request
 * that arrived meanwhile), which delivers any change committed before the
 * request began. So a shopper never sees an answer older than their own
 * request, whichever process wrote.
 */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private byProduct = new Map<string, Set<string>>();
  private loading = new Map<string, Promise<Loading>>();
  private memos = new Map<string, Promise<unknown>>();
  /** Bumped by every change of the catalogue as a whole: a load that began before it is answered but not kept. */
  private generation = 0;
  /**
   * Counts stock changes (orders); each product's last one. A load is dropped
   * only when a product it shows changed after it began, so a sale's stream of
   * orders no longer throws away every load in flight (issue 23).
   */
  private stockSeq = 0;
  private stockChangedAt = new Map<string, number>();
  private bytes = 0;
  private readonly channel: ListenSync;
  /** Where loads read (decision 0072): the primary, or a replica with the primary behind it. */
  private reads: Reads | null = null;
  /** Counts notifications (and clears): a WAL position measured at an older count may miss a change. */
  private changes = 0;
  private measured: { changes: number; at: Promise<bigint> } | null = null;

  /**
   * maxStaleMs 0: every read waits for a round trip (a change by any process
   * shows on the very next read). Above 0: a read answers from memory while
   * the last round trip began less than maxStaleMs ago, and starts the next
   * one in the background — no read waits, and no answer is older than that
   * (issue 23, decision 0063).
   *
   * stockGraceMs 0: an order's stock change drops the answers showing its
   * products. Above 0: they are still answered for that long after the change
   * arrived, and loaded again in the background meanwhile, so a stream of
   * orders for a popular product no longer makes its readers wait for the
   * database (decision 0079). Only stock may lag so; any other change drops
   * them at once.
   */
  constructor(
    private readonly maxBytes = DEFAULT_MAX_BYTES,
    maxStaleMs = 0,
    private readonly stockGraceMs = 0,
  ) {
    this.channel = new ListenSync('catalogue cache', maxStaleMs);
  }

  async start(database: Database): Promise<void> {
    this.reads = database.reads;
    await this.channel.start(database, CATALOGUE_CHANNEL, (payload) => this.onChange(payload), () => this.clear());
  }

  async close(): Promise<void> {
    const closed = this.channel.close();
    this.clear();
    await closed;
  }

  /**
   * The answer for key: from memory when fresh, else load() once for every
   * request waiting on it, given the database to read (the replica when it
   * has replayed every change notified so far, else the primary).
   */
  async get(key: string, load: (db: Db) => Promise<Loaded>): Promise<PreparedBody> {
    try {
      await this.channel.sync();
    } catch {
      // No LISTEN connection: answer from the database (a replica that is up will do) and keep nothing.
      this.clear();
      return prepareBody((await this.reads!.run(load)).body);
    }
    const hit = this.entries.get(key);
    if (hit && this.servable(hit, key, load)) {
      // Least recently used goes first: re-insert to move it to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    // Stale past the grace: loaded again below.
    if (hit) this.remove(key);
    // Every stock change this request must see has arrived by now (the sync above).
    const asked = this.stockSeq;
    const shared = this.loading.get(key) ?? this.startLoad(key, load);
    const done = await shared;
    // A load begun before a stock change of one of its products is stale for a request that came after it: load
    // again, unless it began within the stock grace (it then misses no change older than the grace).
    if (done.startedAt < asked && this.stockChangedSince(done.productIds, done.startedAt) && !this.withinGrace(done.began)) {
      return (await (this.loading.get(key) ?? this.startLoad(key, load))).body;
    }
    return done.body;
  }

  /**
   * One load for every request asking key meanwhile. Kept unless the catalogue
   * changed as a whole since it began, or the stock of a product it shows did.
   */
  private startLoad(key: string, load: (db: Db) => Promise<Loaded>): Promise<Loading> {
    const generation = this.generation;
    const startedAt = this.stockSeq;
    const began = performance.now();
    const pending = this.fill(load).then(({ body, productIds }) => {
      const prepared = prepareBody(body);
      if (generation === this.generation && this.channel.open) {
        // Stock moved meanwhile: kept as stale since the load began (earlier than the change, so never too long).
        if (!this.stockChangedSince(productIds, startedAt)) this.store(key, prepared, productIds);
        else if (this.withinGrace(began)) this.store(key, prepared, productIds, began);
      }
      return { body: prepared, productIds, startedAt, began };
    });
    this.loading.set(key, pending);
    const forget = () => {
      if (this.loading.get(key) === pending) this.loading.delete(key);
    };
    pending.then(forget, forget);
    return pending;
  }

  /**
   * Runs a load that may be kept. On a replica it must see every change whose
   * notification arrived before it began (later ones are the generation's and
   * stockChangedSince's to judge), so it reads the replica only once that has
   * replayed up to a primary WAL position taken after the last notification
   * (decision 0072); else the primary answers.
   */
  private async fill(load: (db: Db) => Promise<Loaded>): Promise<Loaded> {
    const reads = this.reads!;
    return reads.replicated ? reads.run(load, await this.position(reads)) : reads.run(load);
  }

  /** A primary WAL position read after every notification so far arrived: one round trip per change, shared. */
  private position(reads: Reads): Promise<bigint> {
    if (this.measured?.changes === this.changes) return this.measured.at;
    const measured = { changes: this.changes, at: reads.primaryPosition() };
    this.measured = measured;
    measured.at.catch(() => {
      if (this.measured === measured) this.measured = null;
    });
    return measured.at;
  }

  /**
   * A kept answer may be given: it is fresh, or its stock moved less than the grace ago. Past half the grace it is
   * loaded again in the background (one load per key), so that readers seldom wait for it.
   */
  private servable(entry: Entry, key: string, load: (db: Db) => Promise<Loaded>): boolean {
    if (entry.staleSince === undefined) return true;
    if (!this.withinGrace(entry.staleSince)) return false;
    if (performance.now() - entry.staleSince >= this.stockGraceMs / 2 && !this.loading.has(key)) this.startLoad(key, load).catch(() => {});
    return true;
  }

  private withinGrace(since: number): boolean {
    return performance.now() - since < this.stockGraceMs;
  }

  private stockChangedSince(productIds: string[], seq: number): boolean {
    return productIds.some((id) => (this.stockChangedAt.get(id) ?? -1) > seq);
  }

  /**
   * For what is built on top of these answers (the server-rendered pages, decision 0090): waits, as get() does,
   * until every change committed before the request has arrived, then answers the generation (bumped by every
   * change of the catalogue as a whole: an edit, a price, a name). Null without a LISTEN connection: then nothing
   * built from memory may be answered.
   */
  async generationNow(): Promise<number | null> {
    try {
      await this.channel.sync();
    } catch {
      this.clear();
      return null;
    }
    return this.channel.open ? this.generation : null;
  }

  /**
   * A value derived from the catalogue (search synonyms), kept until the next
   * change like an answer. Called from inside a load, after get()'s round trip.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.memos.get(key) as Promise<T> | undefined;
    if (!pending) {
      const generation = this.generation;
      pending = load();
      const mine = pending;
      this.memos.set(key, mine);
      // A load that began before a change, or failed, is not kept.
      const forget = () => {
        if (this.memos.get(key) === mine) this.memos.delete(key);
      };
      mine.then(() => {
        if (generation !== this.generation || !this.channel.open) forget();
      }, forget);
    }
    return pending;
  }

  /** How many answers are kept (for tests and the bench). */
  get size(): number {
    return this.entries.size;
  }

  private onChange(payload: string): void {
    this.changes++;
    if (payload === '*' || !payload) {
      this.clear();
      return;
    }
    // Only stock moved: drop the answers that show these products; loads in flight are judged when done.
    // With no load in flight no one needs older changes; past a bound, forget them as a whole change would.
    if (this.loading.size === 0) this.stockChangedAt.clear();
    else if (this.stockChangedAt.size > MAX_STOCK_CHANGES) return this.clear();
    this.stockSeq++;
    const now = performance.now();
    for (const id of payload.split(',')) {
      this.stockChangedAt.set(id, this.stockSeq);
      const keys = this.byProduct.get(id);
      if (!keys) continue;
      for (const key of [...keys]) {
        const entry = this.entries.get(key);
        if (this.stockGraceMs === 0 || !entry) this.remove(key);
        else entry.staleSince ??= now;
      }
    }
  }

  private clear(): void {
    this.generation++;
    this.changes++;
    this.loading.clear();
    this.memos.clear();
    this.entries.clear();
    this.byProduct.clear();
    this.stockChangedAt.clear();
    this.bytes = 0;
    // The next read waits for a round trip (a lost LISTEN connection reconnects there).
    this.channel.forget();
  }

  private store(key: string, body: PreparedBody, productIds: string[], staleSince?: number): void {
    this.remove(key);
    const bytes = body.json.length + key.length;
    this.entries.set(key, { body, productIds, bytes, staleSince });
    this.bytes += bytes;
    for (const id of productIds) {
      let keys = this.byProduct.get(id);
      if (!keys) this.byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const id of entry.productIds) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
  }
}
