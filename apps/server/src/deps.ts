import type { Config } from './config';
import type { Database } from './db/client';
import type { Guards } from './lib/auth';
import type { RateStore } from './lib/rate-limit';

/** What every API module is given: built once by app.ts, so modules never import app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  guards: Guards;
  /** Counters for rate limits, shared by every module (Redis when REDIS_URL is set). */
  rateStore: RateStore;
}
