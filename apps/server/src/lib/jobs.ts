import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import { JOB_HELD_PAST_LEASE } from '@haat/shared/schemas/jobs';
import { isDatabaseUnavailable, type Database, type DbOrTx } from '../db/client';
import { legacyJobs } from '../db/schema';

/**
 * Durable jobs on pg-boss (decision 0085), in the shop's own database: its tables live in the `pgboss`
 * schema beside ours, on PostgreSQL and on the embedded PGlite alike. A job is written in the transaction
 * of the change that causes it (pg-boss's drizzle adapter runs the insert on our transaction), so a
 * rolled-back change leaves no job and a committed one cannot be lost. pg-boss claims jobs with
 * FOR UPDATE SKIP LOCKED (once across processes), retries a failed run with exponential back-off, fails a
 * run whose worker died once it expires, runs periodic work from cron schedules once across processes,
 * and keeps failed jobs for the owner (GET /api/jobs/failed) to read and retry.
 *
 * This file is the one place that knows pg-boss: modules enqueue, handle and schedule through `Jobs`.
 */

/** pg-boss's schema in the shop's database. */
const SCHEMA = 'pgboss';
/** A job's error as kept: the start of its message. */
const ERROR_CHARS = 1000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 60 * 60;
/** Jobs a worker claims together, then runs one after another. */
const BATCH = 5;
/** Jobs of one stamp a worker claims beside a full batch at most (restOfStamp). */
const MAX_REST = 500;
/** Attempts of a kind that does not say. */
const DEFAULT_ATTEMPTS = 5;
/** Finished jobs (done and failed) are kept a week: the owner reads the failed ones, then pg-boss deletes them. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 60 * 60;
/**
 * The lease of a mail or SMS job (issue 41): a send takes seconds (the SMS gateway's timeout is 10 s, the SMTP
 * transport's is bounded alike), so a worker that died holding a sign-in code gives it back within about a minute,
 * not after the queue's longest lease. Such kinds are claimed one job at a time, so a slow send never holds the
 * ones behind it past their lease.
 */
export const MESSAGE_LEASE_SECONDS = 60;

/** How a kind is retried, and how long a run may take: said once, where the kind is defined. */
export interface JobRules {
  /** Runs before the job is failed for good (default 5). */
  attempts?: number;
  /**
   * The wait between attempts: 'exponential' (the default) starts at the shop's JOBS_RETRY_DELAY_SECONDS and doubles
   * (with jitter) up to an hour; 'fixed' waits that delay each time.
   */
  backoff?: 'exponential' | 'fixed';
  /** How long one run may take, when shorter than the settings' lease (messages: `MESSAGE_LEASE_SECONDS`): claimed one job at a time. */
  leaseSeconds?: number;
  /** At most one queued or running job per singleton key (pg-boss's `exclusive` policy). */
  oneAtATimePerKey?: boolean;
}

/**
 * One kind of job, defined once by the module that owns it (as Vendure's typed `createQueue<Data>`): its name, the
 * schema of its payload (checked again when the job runs: a payload it refuses fails at once) and its retry rules.
 * `enqueue` takes only a payload the schema accepts, so a wrong one fails `tsc`, not a worker a day later.
 */
export interface JobKind<S extends Payload = Payload> {
  readonly name: string;
  readonly schema: S;
  readonly rules: Readonly<JobRules>;
  /** Writes a job of this kind in db's transaction (or on its own); answers its id, or null when its singleton key is taken. */
  enqueue(jobs: Jobs, db: DbOrTx, payload: z.input<S>, opts?: SendOptions): Promise<string | null>;
}

/** A periodic kind: run about every so often, once across processes; it has no payload. */
export interface PeriodicJobKind {
  readonly name: string;
  readonly periodic: true;
}

/** A payload is a JSON object. */
type Payload = z.ZodType<Record<string, unknown>>;

/** What one enqueue may say besides the payload: when, and its key. How often it is tried is the kind's. */
export interface SendOptions {
  /** Run no sooner than this many ms after the commit (rounded up to a second). */
  delayMs?: number;
  /** With a kind that is `oneAtATimePerKey`: at most one queued or running job with this key. */
  singletonKey?: string;
}

/** A kind of job: see `JobKind`. Call once per kind, in the module that owns it, and list it in `job-kinds.ts`. */
export function defineJob<S extends Payload>(name: string, schema: S, rules: JobRules = {}): JobKind<S> {
  return {
    name,
    schema,
    rules: Object.freeze({ ...rules }),
    enqueue: (jobs, db, payload, opts) => jobs.enqueue(db, name, payload as Record<string, unknown>, { ...opts, maxAttempts: rules.attempts }),
  };
}

/** A periodic kind (no payload), run with `jobs.every(kind, ms, run)`. */
export function definePeriodicJob(name: string): PeriodicJobKind {
  return { name, periodic: true };
}

/** The options of an enqueue by name (ad hoc kinds, as the queue's own tests use): a kind's attempts come with it. */
export interface EnqueueOptions extends SendOptions {
  /** Attempts before the job is marked failed (default: the kind's, else 5). */
  maxAttempts?: number;
}

/** What a handler is told about its job. */
export interface JobRun {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Thrown by a handler: the job fails now, with no more attempts (a refusal that trying again cannot change). */
export class PermanentJobError extends Error {}

interface Kind {
  schema: z.ZodType | null;
  run: (payload: never, job: JobRun) => Promise<void>;
  /** Periodic: a cron schedule (minutes), tried once a run. */
  cron?: string;
  rules: JobRules;
}

/** The rules of a kind handled by name (an ad hoc kind: the queue's own tests). */
export type HandleOptions = JobRules;

export interface JobSettings {
  /** The name every job of this shop starts with (JOBS_QUEUE): the processes of one shop share it. */
  queue: string;
  /** Whether this process runs jobs and periodic work (JOBS_WORKER); it always enqueues. */
  worker: boolean;
  /** The wait before the 2nd attempt, doubled (with jitter) for each one after; 0: tried again at once. */
  retryDelaySeconds: number;
  /** How often a worker looks for jobs that came due besides being woken by a commit's NOTIFY (≥ 500). */
  pollMs: number;
  /** How long a run may take at most: past it, the run counts as failed (its worker died) and is tried again. A kind may ask for less. */
  leaseSeconds: number;
}

/** The queue: enqueue in any transaction; in a worker process, handlers run the jobs. */
export class Jobs {
  private readonly kinds = new Map<string, Kind>();
  private boss: PgBoss | null = null;
  private started: Promise<void> | null = null;
  private ready = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  /** schedule() was asked before the queue started: it runs once it has. */
  private scheduleAsked = false;

  constructor(
    private readonly database: Database,
    readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  private makeBoss(): PgBoss {
    const { connection } = this.database;
    const reach: ConstructorOptions =
      connection.kind === 'postgres'
        ? // Its own small pool, and its own connection for LISTEN.
          { connectionString: connection.url, max: 4, application_name: 'haat-jobs' }
        : { db: fromPglite(connection.pglite), backend: 'pglite' };
    const boss = new PgBoss({
      ...reach,
      schema: SCHEMA,
      // Expiring stuck runs, deleting old jobs and firing schedules: the worker processes' work.
      supervise: this.settings.worker,
      schedule: this.settings.worker,
      // A run past its lease is noticed within a quarter of the shortest lease (15 s for a message), a minute at most.
      superviseIntervalSeconds: this.superviseSeconds(),
      monitorIntervalSeconds: this.superviseSeconds(),
      // The backlog a message kind bursts on (work(), below) is read this often from the monitor's counts: only a
      // worker reads it, so an API process keeps pg-boss's minute and does not query the queues every 5 s.
      ...(this.settings.worker ? { queueCacheIntervalSeconds: Math.min(5, this.superviseSeconds()) } : {}),
      useListenNotify: true,
      openTelemetry: { enabled: false },
    });
    boss.on('error', (err) => this.log.warn({ err }, 'job queue error'));
    boss.on('warning', (w) => this.log.info({ warning: w }, 'job queue warning'));
    return boss;
  }

  /** pg-boss once started; before that (the database unreachable at start) a 503 for the request that needed it. */
  private get running(): PgBoss {
    if (!this.ready || !this.boss) throw notStarted();
    return this.boss;
  }

  /** The handler of a kind's jobs; each payload is checked with the kind's schema first (a bad one fails at once). */
  handle<S extends Payload>(kind: JobKind<S>, run: (payload: z.output<S>, job: JobRun) => Promise<void>): void;
  /** An ad hoc kind, named here rather than defined (the queue's own tests). */
  handle<S extends z.ZodType>(name: string, schema: S, run: (payload: z.output<S>, job: JobRun) => Promise<void>, rules?: HandleOptions): void;
  handle(kindOrName: JobKind | string, schemaOrRun: unknown, run?: unknown, rules?: JobRules): void {
    const kind = typeof kindOrName === 'string' ? defineJob(kindOrName, schemaOrRun as Payload, rules) : kindOrName;
    const handler = (typeof kindOrName === 'string' ? run : schemaOrRun) as Kind['run'];
    this.kinds.set(kind.name, { schema: kind.schema, run: handler, rules: kind.rules });
  }

  /** The lease of a kind's runs: its own when shorter than the settings' one. */
  private leaseOf(kind: Kind): number {
    return Math.min(kind.rules.leaseSeconds ?? Infinity, this.settings.leaseSeconds);
  }

  private superviseSeconds(): number {
    const shortest = Math.min(this.settings.leaseSeconds, ...[...this.kinds.values()].map((k) => this.leaseOf(k)));
    return Math.max(1, Math.min(60, shortest >= 4 ? Math.floor(shortest / 4) : shortest));
  }

  /** Periodic work: one run of name at a time across every process, about every everyMs (whole minutes, at least one). */
  every(kind: PeriodicJobKind | string, everyMs: number, run: () => Promise<void>): void {
    this.kinds.set(nameOf(kind), { schema: null, run, cron: cronEvery(everyMs), rules: { attempts: 1 } });
  }

  /**
   * Writes a job in db's transaction (or on its own); answers its id, or null when its singleton key is taken.
   * Modules call their kind's typed `enqueue` (defineJob); by name, a kind's attempts are its handler's rules.
   */
  async enqueue(db: DbOrTx, name: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string | null> {
    // Starting here could run pg-boss's own statements beside the caller's open transaction: on PGlite's one
    // connection they would wait for it, and it for them. The app starts the queue when it is ready.
    if (!this.ready) throw notStarted();
    return this.send(db, name, payload, opts);
  }

  private async send(db: DbOrTx, name: string, payload: Record<string, unknown>, opts: EnqueueOptions): Promise<string | null> {
    return this.boss!.send(this.queueOf(name), payload, {
      // The job's place in the queue (UUIDv7, increasing within this process, where one transaction runs): pg-boss
      // stamps one transaction's jobs alike (created_on is its start), and the worker runs a stamp's jobs in id order.
      id: uuidv7(),
      db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql),
      retryLimit: (opts.maxAttempts ?? this.kinds.get(name)?.rules.attempts ?? DEFAULT_ATTEMPTS) - 1,
      ...(opts.delayMs ? { startAfter: Math.ceil(opts.delayMs / 1000) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    });
  }

  /**
   * Starts pg-boss (creating or upgrading its schema) and the queue of each kind; with JOBS_WORKER on, a
   * worker for each. Once; until it has, enqueue is refused (503), never started inside a caller's transaction.
   */
  start(): Promise<void> {
    this.started ??= this.startOnce().catch((err: unknown) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  /**
   * start(), and while the database cannot be reached, again every 5 s in the background: the app comes up and
   * answers 503 meanwhile (the app's onReady). Any other failure is thrown.
   */
  async startWhenReachable(): Promise<void> {
    try {
      await this.start();
    } catch (err) {
      if (this.stopped || !isDatabaseUnavailable(err)) throw err;
      this.log.warn({ err }, 'job queue cannot start: the database is unreachable; trying again in 5 s');
      this.retryTimer = setTimeout(() => void this.startWhenReachable().catch((e: unknown) => this.log.error({ err: e }, 'job queue did not start')), 5_000);
      this.retryTimer.unref();
    }
  }

  private async startOnce(): Promise<void> {
    const boss = this.makeBoss();
    try {
      await boss.start();
      this.boss = boss;
      for (const [name, kind] of this.kinds) await this.createQueue(name, kind);
      await this.moveLegacyJobs();
    } catch (err) {
      this.boss = null;
      await boss.stop({ graceful: false }).catch(() => {});
      throw err;
    }
    this.ready = true;
    if (this.settings.worker) await this.work(boss);
    if (this.scheduleAsked) await this.schedule();
  }

  private async work(boss: PgBoss): Promise<void> {
    // A commit's NOTIFY wakes a worker at once; the poll finds retries and delayed jobs that came due.
    const poll = Math.max(0.5, this.settings.pollMs / 1000);
    for (const [name, kind] of this.kinds) {
      const batchSize = kind.rules.leaseSeconds ? 1 : BATCH;
      await boss.work(
        this.queueOf(name),
        // A full batch fetches the next at once (a backlog drains without waiting for the poll); its jobs run
        // one after another, as the account mails' one-a-minute check (read, then write) needs. pg-boss ignores
        // burstWhenBatchFull at a batch of one, so a message kind bursts on its cached backlog instead: without
        // it a sale's order texts drained one a poll, a second each (bench:cluster found 300 behind a minute on).
        {
          batchSize,
          ...(batchSize === 1 ? { burstWhenReadyExceeds: 1 } : { burstWhenBatchFull: true }),
          perJobResults: true,
          includeMetadata: true,
          pollingIntervalSeconds: poll,
          notifyPollingIntervalSeconds: poll,
        },
        async (batch) => {
          const held = batch as JobWithMetadata<object>[];
          // A full batch may have stopped inside a stamp: the rest of it is claimed too (restOfStamp).
          const rest = held.length >= batchSize ? await this.restOfStamp(boss, this.queueOf(name), held) : new Map<JobWithMetadata<object>, number>();
          return this.runInOrder(boss, name, kind, { batch: held, rest });
        },
      );
    }
  }

  /**
   * The order queued, kept without rewriting pg-boss's rows. pg-boss stamps a job with its transaction's start
   * (created_on) and fetches the oldest stamps first, but one transaction's jobs share a stamp, and a tie comes back
   * in the order the rows lie on disk: a batch that ends inside a stamp could hold a later job of that transaction
   * and leave an earlier one waiting. So the stamp's waiting jobs are claimed too, one at a time, until none is
   * left (or another worker took them); a newer one claimed on the way is the next anyway, and ends the claims.
   */
  private async restOfStamp(boss: PgBoss, queue: string, held: JobWithMetadata<object>[]): Promise<Map<JobWithMetadata<object>, number>> {
    const stamp = Math.max(...held.map((j) => j.createdOn.getTime()));
    // Each job claimed, with when (this process's clock): its lease runs from its own claim, whenever it was queued.
    const rest = new Map<JobWithMetadata<object>, number>();
    while (rest.size < MAX_REST && (await this.waitingSince(queue, stamp))) {
      const [next] = await boss.fetch<object>(queue, { batchSize: 1, includeMetadata: true });
      if (!next) break;
      rest.set(next, Date.now());
      if (next.createdOn.getTime() > stamp) break;
    }
    return rest;
  }

  /** Whether a job of queue stamped at or before stamp (ms; the database keeps µs) waits to run now. A read only. */
  private async waitingSince(queue: string, stamp: number): Promise<boolean> {
    const before = new Date(stamp + 1).toISOString();
    const rows = rowsOf<{ waiting: boolean }>(
      await this.database.db.execute(sql`
        SELECT EXISTS (SELECT 1 FROM ${sql.raw(SCHEMA)}.job WHERE name = ${queue} AND state IN ('created', 'retry') AND NOT blocked
          AND start_after <= now() AND created_on < ${before}::timestamptz) AS waiting`),
    );
    return rows[0]?.waiting === true;
  }

  /**
   * Runs what a worker holds in the order queued (stamp, then id: UUIDv7, in the order its process queued them).
   * The batch's outcomes go back to pg-boss's work loop; a job claimed beside it (restOfStamp) is settled here. One
   * that waited past half its lease behind slow runs is failed unrun (tried again after the back-off, as a job whose
   * worker died would be), rather than run when its lease may end mid-run and another worker run it too. Only the
   * time held counts, from the job's own claim: one that merely waited long in the queue (never started) runs.
   */
  private async runInOrder(boss: PgBoss, name: string, kind: Kind, held: { batch: JobWithMetadata<object>[]; rest: Map<JobWithMetadata<object>, number> }): Promise<JobResult[]> {
    const { batch, rest } = held;
    const queue = this.queueOf(name);
    const fromBatch = new Set(batch.map((j) => j.id));
    const results: JobResult[] = [];
    for (const job of [...batch, ...rest.keys()].sort(queueOrder)) {
      if (fromBatch.has(job.id)) {
        results.push(await this.runOne(name, kind, job));
        continue;
      }
      const late = Date.now() - rest.get(job)! > this.leaseOf(kind) * 500;
      await this.settle(boss, queue, job, late ? { id: job.id, status: 'failed', output: { message: JOB_HELD_PAST_LEASE } } : await this.runOne(name, kind, job));
    }
    return results;
  }

  /**
   * Tells pg-boss how a job claimed beside a batch ended. pg-boss has no call that fails a job for good, so a
   * refusal with attempts left is failed with `permanent` in its output, and its next claim ends it unrun (runOne).
   * On its last attempt the fail is final anyway: no mark, so the owner's retry of it runs it.
   */
  private async settle(boss: PgBoss, queue: string, job: JobWithMetadata<object>, result: JobResult): Promise<void> {
    const attempt = { id: job.id, retryCount: job.retryCount };
    if (result.status === 'completed') return void (await boss.complete(queue, attempt));
    const permanent = result.status === 'deadletter' && job.retryCount < job.retryLimit;
    await boss.fail(queue, attempt, { ...(result.output as object), ...(permanent ? { permanent: true } : {}) });
  }

  /**
   * Writes the schedule of each periodic kind (any process may: pg-boss keeps one per queue), runs each once now,
   * and drops the schedules of kinds no longer run. A listening server calls it.
   */
  async schedule(): Promise<void> {
    if (!this.ready || !this.boss) {
      this.scheduleAsked = true;
      return;
    }
    const boss = this.boss;
    const wanted = new Map([...this.kinds].filter(([, k]) => k.cron).map(([name, k]) => [this.queueOf(name), k.cron!]));
    for (const s of await boss.getSchedules()) if (s.name.startsWith(this.prefix) && !wanted.has(s.name)) await boss.unschedule(s.name);
    for (const [queue, cron] of wanted) {
      await boss.schedule(queue, cron, {}, { retryLimit: 0 });
      // And a run now, for what came due while no server ran (an expired bKash order): one however many processes
      // start within the minute (a throttled key).
      await boss.send(queue, {}, { retryLimit: 0, singletonKey: 'start', singletonSeconds: 60 });
    }
  }

  /** Stops taking jobs and waits (up to 5 s) for the ones running. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.started?.catch(() => {});
    await this.boss?.stop({ graceful: true, timeout: 5_000 }).catch((err: unknown) => this.log.warn({ err }, 'job queue did not stop cleanly'));
  }

  /** The queue's failed jobs, newest first. */
  async failed(limit = 200): Promise<FailedJob[]> {
    const rows = await this.database.db.execute<BossRow>(sql`
      SELECT id::text, name, data, retry_count, output, created_on, completed_on
      FROM ${sql.raw(SCHEMA)}.job WHERE name LIKE ${`${this.prefix}%`} AND state = 'failed'
      ORDER BY completed_on DESC, id DESC LIMIT ${limit}`);
    return rowsOf<BossRow>(rows).map((r) => ({
      id: r.id,
      name: r.name.slice(this.prefix.length),
      payload: r.data ?? {},
      attempts: r.retry_count + 1,
      last_error: errorOf(r.output),
      created_at: new Date(r.created_on).toISOString(),
      failed_at: r.completed_on ? new Date(r.completed_on).toISOString() : null,
    }));
  }

  /** Queues a failed job of this shop again, with one more attempt: its kind, or null when there is no such failed job. */
  async retry(id: string): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = rowsOf<{ name: string }>(await this.database.db.execute(sql`SELECT name FROM ${sql.raw(SCHEMA)}.job WHERE id = ${id}::uuid AND name LIKE ${`${this.prefix}%`} AND state = 'failed'`));
    if (!rows[0]) return null;
    // CommandResponse is typed empty; it answers how many jobs it changed.
    const done = ((await this.running.retry(rows[0].name, id)) as { affected?: number }).affected === 1;
    return done ? rows[0].name.slice(this.prefix.length) : null;
  }

  /** The payload, state and attempts of the newest job of kind name for each key, among the states asked for. */
  async byKey(db: DbOrTx, kind: JobKind | string, keys: string[], states: ('queued' | 'running' | 'failed')[]): Promise<Map<string, KeyedJob>> {
    const found = new Map<string, KeyedJob>();
    if (keys.length === 0) return found;
    const boss = states.flatMap((s) => BOSS_STATES[s]);
    const rows = rowsOf<BossRow & { singleton_key: string; state: string; retry_limit: number; start_after: string | Date }>(
      await db.execute(sql`
        SELECT id::text, name, data, retry_count, retry_limit, output, created_on, completed_on, start_after, singleton_key, state::text
        FROM ${sql.raw(SCHEMA)}.job
        WHERE name = ${this.queueOf(nameOf(kind))} AND singleton_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})
          AND state::text IN (${sql.join(boss.map((s) => sql`${s}`), sql`, `)})
        ORDER BY created_on DESC`),
    );
    for (const r of rows) {
      if (found.has(r.singleton_key)) continue;
      const state = r.state === 'failed' ? 'failed' : r.state === 'active' ? 'running' : 'queued';
      // retry_count counts the runs begun after the first: a job tried at least once has begun retry_count + 1.
      const made = r.state === 'created' ? 0 : r.retry_count + 1;
      found.set(r.singleton_key, { id: r.id, payload: r.data ?? {}, state, attempts: made, maxAttempts: r.retry_limit + 1, runAt: new Date(r.start_after), lastError: errorOf(r.output) });
    }
    return found;
  }

  private get prefix(): string {
    return `${this.settings.queue}/`;
  }

  private queueOf(name: string): string {
    return this.prefix + name;
  }

  private async createQueue(name: string, kind: Kind): Promise<void> {
    const retry = this.settings.retryDelaySeconds;
    const options = {
      // Each job carries its kind's attempts too (sent with it): the queue's are for a job sent without.
      retryLimit: (kind.rules.attempts ?? DEFAULT_ATTEMPTS) - 1,
      retryDelay: retry,
      retryBackoff: retry > 0 && kind.rules.backoff !== 'fixed',
      ...(retry > 0 ? { retryDelayMax: MAX_BACKOFF_SECONDS } : {}),
      expireInSeconds: this.leaseOf(kind),
      deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      notify: true,
    };
    const queue = this.queueOf(name);
    // Created once with its policy; settings that may change between releases are updated on every start.
    const boss = this.boss!;
    if (await boss.getQueue(queue)) await boss.updateQueue(queue, options);
    else await boss.createQueue(queue, { ...options, policy: kind.rules.oneAtATimePerKey ? 'exclusive' : 'standard' });
  }

  /** One run of a job, told to pg-boss as done, failed (tried again while attempts remain) or failed for good. */
  private async runOne(name: string, kind: Kind, job: JobWithMetadata<object>): Promise<JobResult> {
    const run: JobRun = { id: job.id, attempt: job.retryCount + 1, maxAttempts: job.retryLimit + 1 };
    const refused = job.output as { message?: string; permanent?: boolean } | null;
    if (refused?.permanent) return { id: job.id, status: 'deadletter', output: { message: refused.message } };
    try {
      const parsed = kind.schema ? kind.schema.safeParse(job.data) : { success: true as const, data: job.data };
      // A payload its handler cannot read will not read better later.
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      await kind.run(parsed.data as never, run);
      return { id: job.id, status: 'completed' };
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_CHARS) || 'failed';
      const permanent = err instanceof PermanentJobError;
      const final = permanent || run.attempt >= run.maxAttempts;
      (final ? this.log.error : this.log.warn).call(this.log, { job: name, id: job.id, attempt: run.attempt, reason: message }, final ? `job failed: ${name}` : `job failed; will retry: ${name}`);
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message } };
    }
  }

  /**
   * Jobs the queue before pg-boss (decision 0073's `jobs` table) left waiting are sent to pg-boss with
   * the attempts they had left, in one transaction with their removal; failed ones stay there, read-only.
   */
  private async moveLegacyJobs(): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      const waiting = await tx
        .delete(legacyJobs)
        .where(and(eq(legacyJobs.queue, this.settings.queue), inArray(legacyJobs.state, ['queued', 'running'])))
        .returning();
      for (const j of waiting) {
        if (!this.kinds.has(j.name) || this.kinds.get(j.name)!.cron) continue;
        await this.send(tx, j.name, j.payload, { maxAttempts: Math.max(1, j.maxAttempts - j.attempts), singletonKey: j.singletonKey ?? undefined });
      }
      if (waiting.length) this.log.info({ moved: waiting.length }, 'jobs of the earlier queue moved to pg-boss');
    });
  }
}

/** The queue is not up yet (the database was unreachable as the app started): a 503 to whoever needed it (SQLSTATE 57P03). */
function notStarted(): Error {
  return Object.assign(new Error('the job queue is not started yet'), { code: '57P03' });
}

/** The order jobs were queued in: their stamp, then their id (UUIDv7), as created_on reaches us in whole ms. */
function queueOrder(a: JobWithMetadata<object>, b: JobWithMetadata<object>): number {
  return a.createdOn.getTime() - b.createdOn.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A kind's name, given the kind or its name. */
function nameOf(kind: { name: string } | string): string {
  return typeof kind === 'string' ? kind : kind.name;
}

/** Our states in pg-boss's words: queued is created or waiting for a retry, running is active. */
const BOSS_STATES = { queued: ['created', 'retry'], running: ['active'], failed: ['failed'] } as const;

type BossRow = { id: string; name: string; data: Record<string, unknown> | null; retry_count: number; output: unknown; created_on: string | Date; completed_on: string | Date | null };

/** A job of one kind found by its key (GET orders' courier bookings). */
export interface KeyedJob {
  id: string;
  payload: Record<string, unknown>;
  state: 'queued' | 'running' | 'failed';
  /** Runs begun so far. */
  attempts: number;
  maxAttempts: number;
  /** When a queued job runs next. */
  runAt: Date;
  lastError: string | null;
}

/** A job as the owner sees it (GET /api/jobs/failed). */
export interface FailedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string | null;
}

/** A cron expression for about every ms: every n minutes (n dividing an hour), or every n hours. */
export function cronEvery(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${[30, 20, 15, 12, 10, 6, 5, 4, 3, 2].find((d) => d <= minutes)} * * * *`;
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours === 1 ? '0 * * * *' : hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/** The error pg-boss kept of a failed run: our message, or its own (a run that timed out). */
function errorOf(output: unknown): string | null {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const m = o?.message ?? o?.value?.message;
  return typeof m === 'string' ? m : null;
}

/** node-postgres answers { rows }, PGlite's drizzle an array-like result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
