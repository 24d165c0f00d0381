import { z } from 'zod';
import { providerRequest } from '../http';
import type { Ga4Collector, Ga4Event } from '../ad-events';

/** GA4's Measurement Protocol (`/mp/collect`), which answers 2xx with no body whatever it thought of the events. */
export class Ga4MpClient implements Ga4Collector {
  constructor(private readonly opts: { baseUrl: string; timeoutMs: number }) {}

  async send(measurementId: string, apiSecret: string, body: { client_id: string; events: Ga4Event[] }) {
    const url = `${this.opts.baseUrl.replace(/\/$/, '')}/mp/collect?measurement_id=${encodeURIComponent(measurementId)}&api_secret=${encodeURIComponent(apiSecret)}`;
    await providerRequest({ provider: 'GA4 Measurement Protocol', method: 'POST', url, body, timeoutMs: this.opts.timeoutMs, retry: 'never', schema: z.unknown(), emptyAnswer: true });
  }
}
