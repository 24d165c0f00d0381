import { z } from 'zod';
import { providerRequest } from '../http';
import type { MetaConversions, MetaServerEvent } from '../ad-events';

const answerSchema = z.object({ events_received: z.number() }).passthrough();

/** Meta's Conversions API (Graph API `/{version}/{pixel_id}/events`), the access token as the documented query parameter. */
export class MetaCapiClient implements MetaConversions {
  constructor(private readonly opts: { baseUrl: string; version: string; timeoutMs: number }) {}

  async send(pixelId: string, accessToken: string, events: MetaServerEvent[]) {
    const url = `${this.opts.baseUrl.replace(/\/$/, '')}/${this.opts.version}/${encodeURIComponent(pixelId)}/events?access_token=${encodeURIComponent(accessToken)}`;
    // Never retried by the transport: the queue tries again, and Meta drops a repeat by its event_id.
    return providerRequest({ provider: 'Meta Conversions API', method: 'POST', url, body: { data: events }, timeoutMs: this.opts.timeoutMs, retry: 'never', schema: answerSchema });
  }
}
