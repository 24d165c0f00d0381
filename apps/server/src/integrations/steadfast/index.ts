import type { Config } from '../../config';
import { SteadfastClient } from './client';

export * from './client';
export * from './types';

/** The configured Steadfast client, or null when the merchant keys are not set. */
export function steadfastFromConfig(
  config: Pick<Config, 'STEADFAST_BASE_URL' | 'STEADFAST_API_KEY' | 'STEADFAST_SECRET_KEY'>,
): SteadfastClient | null {
  if (!config.STEADFAST_API_KEY || !config.STEADFAST_SECRET_KEY) return null;
  return new SteadfastClient({ baseUrl: config.STEADFAST_BASE_URL, apiKey: config.STEADFAST_API_KEY, secretKey: config.STEADFAST_SECRET_KEY });
}
