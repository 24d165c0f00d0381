import type { Database, Listener } from '../db/client';

/**
 * A LISTEN connection for what a process keeps in memory (the catalogue cache,
 * decision 0016; the running promotions, decision 0070): triggers NOTIFY every
 * change, and before answering from memory a read waits for a round trip on
 * the connection, which delivers any change committed before the read began.
 * One round trip serves every read that arrived while none was under way
 * (decision 0083 made it one helper).
 */
export class ListenSync {
  private listener: Listener | null = null;
  private inflight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** When the last finished round trip began: every change committed before then is delivered. */
  private syncedAt = -Infinity;

  /**
   * maxStaleMs 0: every read waits for a round trip. Above 0: a read goes on
   * while the last round trip began less than maxStaleMs ago, and past half
   * of that starts the next one in the background (decision 0063).
   */
  constructor(
    private readonly name: string,
    private readonly maxStaleMs = 0,
  ) {}

  async start(database: Database, channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<void> {
    this.listener = await database.listen(channel, onMessage, onLost);
  }

  /** False once closed (or before started): what is loaded now must not be kept. */
  get open(): boolean {
    return this.listener !== null;
  }

  /** Stops at once (sync() refuses from now on); resolves when the connection is closed. */
  close(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    return listener?.close() ?? Promise.resolve();
  }

  /** The next sync() waits for a round trip (after a change as a whole, or a lost connection, which reconnects there). */
  forget(): void {
    this.syncedAt = -Infinity;
  }

  /**
   * Resolves once every change committed before the call has been delivered.
   * A read arriving during a round trip waits for the next one: the one under
   * way may have been sent before its change. Rejects when closed or the
   * connection cannot be had.
   */
  sync(): Promise<void> {
    if (!this.listener) return Promise.reject(new Error(`${this.name} is closed`));
    if (this.maxStaleMs > 0) {
      const age = performance.now() - this.syncedAt;
      if (age < this.maxStaleMs) {
        // Fresh enough; past half the window, the next round trip starts so that readers seldom wait for one.
        if (age > this.maxStaleMs / 2 && !this.inflight) this.roundTrip().catch(() => {});
        return Promise.resolve();
      }
    }
    if (!this.inflight) return this.roundTrip();
    return (this.queued ??= this.inflight
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.sync();
      }));
  }

  private roundTrip(): Promise<void> {
    const began = performance.now();
    const run = this.listener!.sync()
      .then(() => {
        this.syncedAt = Math.max(this.syncedAt, began);
      })
      .finally(() => {
        this.inflight = null;
      });
    this.inflight = run;
    return run;
  }
}
