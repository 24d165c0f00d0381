import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, DbOrTx, Listener } from '../db/client';
import { jobs } from '../db/schema';
import { newId } from './ids';

/**
 * Durable jobs in PostgreSQL (decision 0073). A job is a row written in the
 * transaction of the change that causes it, so a rolled-back change leaves no
 * job and a committed one cannot lose it. Workers claim due jobs with
 * FOR UPDATE SKIP LOCKED under a lease; a failed run is tried again with
 * exponential back-off until its attempts are spent, then stays `failed` for
 * the owner (GET /api/jobs/failed) to read and retry. Periodic work is one
 * queued row per name (a unique index), so it runs once across processes.
 */

/** NOTIFYed in the enqueuing transaction: workers (in any process) wake at its commit. */
const CHANNEL = 'haat_jobs';
/** A job's error as kept: the start of its message. */
const ERROR_CHARS = 1000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 60 * 60_000;
/** Done jobs are kept this long, then pruned (hourly). */
const KEEP_DONE_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * Jobs claimed and run together by one worker: one, as the in-memory queue before it ran them (the account mails'
 * one-a-minute check reads, then writes: two of one address's jobs at once would both pass it).
 */
const BATCH = 1;

export interface EnqueueOptions {
  /** Run no sooner than this many ms after the commit. */
  delayMs?: number;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
  /** At most one queued or running job with this key. */
  singletonKey?: string;
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
  schema: z.ZodType;
  run: (payload: never, job: JobRun) => Promise<void>;
  /** Periodic: the next run is queued this long after each one ends. */
  everyMs?: number;
}

export interface JobSettings {
  /** The queue this process writes to and works (JOBS_QUEUE). */
  queue: string;
  /** Whether this process runs jobs (JOBS_WORKER); it always enqueues. */
  worker: boolean;
  /** The wait before the 2nd attempt; doubled for each one after. */
  retryBaseMs: number;
  /** How often the worker looks for due jobs besides being woken by a commit. */
  pollMs: number;
  /** How long a claim holds: past it, the job is taken again (its worker died). */
  leaseMs: number;
}

/** The queue: enqueue in any transaction; in a worker process, handlers run the jobs. */
export class Jobs {
  private readonly kinds = new Map<string, Kind>();
  private timer: NodeJS.Timeout | null = null;
  private listener: Listener | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly database: Database,
    readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.every('jobs.prune', PRUNE_EVERY_MS, async () => {
      await this.database.db.delete(jobs).where(and(eq(jobs.queue, this.settings.queue), eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(Date.now() - KEEP_DONE_MS))));
    });
  }

  /** Writes a job in db's transaction (or on its own); answers its id, or null when its singleton key is taken. */
  async enqueue(db: DbOrTx, name: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string | null> {
    const id = newId();
    const runAt = new Date(Date.now() + (opts.delayMs ?? 0));
    const rows = await db.execute<{ id: string }>(sql`
      WITH job AS (
        INSERT INTO jobs (id, queue, name, payload, run_at, max_attempts, singleton_key)
        VALUES (${id}, ${this.settings.queue}, ${name}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz, ${opts.maxAttempts ?? 5}, ${opts.singletonKey ?? null})
        ON CONFLICT (queue, singleton_key) WHERE state IN ('queued', 'running') DO NOTHING
        RETURNING id
      )
      SELECT job.id, pg_notify(${CHANNEL}, ${this.settings.queue}) FROM job`);
    return rowsOf<{ id: string }>(rows)[0]?.id ?? null;
  }

  /** The handler of jobs named name; their payload is checked with schema first (a bad one fails at once). */
  handle<S extends z.ZodType>(name: string, schema: S, run: (payload: z.infer<S>, job: JobRun) => Promise<void>): void {
    this.kinds.set(name, { schema, run: run as Kind['run'] });
  }

  /** Periodic work: one run of name at a time across every process of the queue, the next everyMs after each ends. */
  every(name: string, everyMs: number, run: () => Promise<void>): void {
    this.kinds.set(name, { schema: anything, run, everyMs });
  }

  /** Queues the first run of each periodic job not queued yet (any process may: the unique key keeps one). */
  async schedule(): Promise<void> {
    for (const [name, kind] of this.kinds) if (kind.everyMs !== undefined) await this.enqueue(this.database.db, name, {}, { singletonKey: name, maxAttempts: 1 });
  }

  /** Starts the worker when JOBS_WORKER is on: it listens for commits and polls. */
  async start(): Promise<void> {
    if (!this.settings.worker || this.stopped) return;
    // Without the LISTEN (the database down at start) the poll still finds every job, only later.
    this.listener = await this.database
      .listen(CHANNEL, (queue) => queue === this.settings.queue && this.kick(), () => this.kick())
      .catch((err: unknown) => (this.log.warn({ err }, 'job worker cannot LISTEN; polling only'), null));
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs due jobs until none is left (a round already running goes once more). */
  kick(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = (async () => {
      do {
        this.again = false;
        try {
          while ((await this.runDue()) > 0 && !this.stopped);
        } catch (err) {
          this.log.warn({ err }, 'job worker round failed; trying again later');
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.round = null));
  }

  /** One claim of due jobs, run to their end; answers how many were claimed. */
  async runDue(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((job) => this.runOne(job)));
    return claimed.length;
  }

  /** Stops taking jobs and waits for the ones running. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.close().catch(() => {});
    await this.round;
  }

  private async claim(): Promise<ClaimedJob[]> {
    const lease = new Date(Date.now() + this.settings.leaseMs).toISOString();
    const result = await this.database.db.execute<ClaimedJob>(sql`
      UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = ${lease}::timestamptz
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue = ${this.settings.queue} AND state IN ('queued', 'running')
          AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
          AND name IN (${sql.join([...this.kinds.keys()].map((k) => sql`${k}`), sql`, `)})
        ORDER BY run_at, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts AS "maxAttempts"`);
    return rowsOf(result);
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const kind = this.kinds.get(job.name)!;
    try {
      // A job whose worker died in it as many times as it may be tried is not run again.
      if (job.attempts > job.maxAttempts) throw new PermanentJobError('the worker stopped while running it');
      const parsed = kind.schema.safeParse(job.payload);
      // A payload its handler cannot read will not read better later.
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      await kind.run(parsed.data as never, { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts });
      await this.finish(job, kind, null);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_CHARS) || 'failed';
      const final = err instanceof PermanentJobError || job.attempts >= job.maxAttempts || kind.everyMs !== undefined;
      (final ? this.log.error : this.log.warn).call(this.log, { job: job.name, id: job.id, attempt: job.attempts, reason }, final ? `job failed: ${job.name}` : `job failed; will retry: ${job.name}`);
      await this.finish(job, kind, { reason, final }).catch((e: unknown) => this.log.error({ err: e, job: job.name }, 'job state not saved'));
    }
  }

  private async finish(job: ClaimedJob, kind: Kind, failure: { reason: string; final: boolean } | null): Promise<void> {
    const backoff = Math.min(this.settings.retryBaseMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
    await this.database.db.transaction(async (tx) => {
      const mine = and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));
      if (!failure) {
        await tx.update(jobs).set({ state: 'done', finishedAt: new Date(), lockedUntil: null, lastError: null }).where(mine);
      } else if (failure.final) {
        await tx.update(jobs).set({ state: 'failed', finishedAt: new Date(), lockedUntil: null, lastError: failure.reason }).where(mine);
      } else {
        await tx.update(jobs).set({ state: 'queued', runAt: new Date(Date.now() + backoff), lockedUntil: null, lastError: failure.reason }).where(mine);
      }
      // The next run of periodic work, written as this one ends (so one is always queued, and only one).
      if (kind.everyMs !== undefined) await this.enqueue(tx, job.name, {}, { singletonKey: job.name, maxAttempts: 1, delayMs: kind.everyMs });
    });
  }
}

type ClaimedJob = {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

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

/** The queue's failed jobs, newest first. */
export async function failedJobs(db: DbOrTx, queue: string, limit = 200): Promise<FailedJob[]> {
  const rows = await db.select().from(jobs).where(and(eq(jobs.queue, queue), eq(jobs.state, 'failed'))).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    payload: r.payload,
    attempts: r.attempts,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    failed_at: r.finishedAt?.toISOString() ?? null,
  }));
}

/**
 * Queues a failed job again with fresh attempts; false when there is no such
 * failed job (or its periodic work is already queued).
 */
export async function retryFailedJob(db: DbOrTx, queue: string, id: string): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    WITH job AS (
      UPDATE jobs SET state = 'queued', attempts = 0, run_at = now(), finished_at = NULL, locked_until = NULL
      WHERE id = ${id} AND queue = ${queue} AND state = 'failed'
        AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.queue = jobs.queue AND o.singleton_key = jobs.singleton_key AND o.state IN ('queued', 'running'))
      RETURNING id
    )
    SELECT job.id, pg_notify(${CHANNEL}, ${queue}) FROM job`);
  return rowsOf(rows).length > 0;
}

const anything = { safeParse: (v: unknown) => ({ success: true, data: v }) } as unknown as z.ZodType;

/** node-postgres answers { rows }, PGlite's drizzle an array-like result with rows too. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
