import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AD_BROWSER_EVENTS, type AdBrowserEventInput } from '@haat/shared/schemas/ads';
import type { Db } from '../../db/client';
import { users, type AdContext } from '../../db/schema';
import type { MetaConversions, MetaServerEvent } from '../../integrations/ad-events';
import { defineJob, type Jobs } from '../../lib/jobs';
import { metaUserData, permanentWhenRefused, readStored } from './service';

/*
 * ViewContent, AddToCart and InitiateCheckout (decision 0131): the Pixel sends each from the browser with an event
 * id, and the browser hands the same event to POST /ads/events; the server queues its copy to the Conversions API
 * with that id, so Meta keeps one. GA4 gets these three from gtag only (it deduplicates no event but a purchase).
 */

const contextSchema = z.object({ ip: z.string(), userAgent: z.string(), fbp: z.string().optional(), fbc: z.string().optional(), gaClientId: z.string().optional(), url: z.string().optional() });
const payloadSchema = z.object({
  name: z.enum(Object.keys(AD_BROWSER_EVENTS) as [keyof typeof AD_BROWSER_EVENTS]),
  eventId: z.string(),
  at: z.number(),
  url: z.string().optional(),
  items: z.array(z.object({ id: z.string(), quantity: z.number(), price: z.number() })),
  context: contextSchema,
  userId: z.string().nullable(),
});
export const metaBrowserEventJob = defineJob('ads.meta-event', payloadSchema, { attempts: 5 });

/**
 * POST /ads/events: queued only with the shopper's yes (the request's cookie: `context` is null without it) and
 * only while the owner has set the Pixel and the Conversions API token; otherwise nothing is kept.
 */
export async function queueBrowserEvent(db: Db, jobs: Jobs, input: AdBrowserEventInput, context: AdContext | null, userId: string | null, now = new Date()): Promise<{ queued: boolean }> {
  if (!context) return { queued: false };
  const settings = await readStored(db);
  if (!settings.metaPixelId || !settings.metaCapiToken) return { queued: false };
  const url = input.url ?? context.url;
  await metaBrowserEventJob.enqueue(jobs, db, { name: input.name, eventId: input.event_id, at: Math.floor(now.getTime() / 1000), ...(url ? { url } : {}), items: input.items, context, userId });
  return { queued: true };
}

type Payload = z.infer<typeof payloadSchema>;

/** The Conversions API's event: the browser's time, id and items; the signed-in account's mobile and e-mail hashed. */
export function metaBrowserEvent(p: Payload, account: { mobile: string | null; email: string | null } | undefined): MetaServerEvent {
  return {
    event_name: AD_BROWSER_EVENTS[p.name],
    event_time: p.at,
    event_id: p.eventId,
    action_source: 'website',
    ...(p.url ? { event_source_url: p.url } : {}),
    user_data: metaUserData(p.context, account?.mobile ?? null, account?.email ?? null),
    custom_data: {
      currency: 'BDT',
      value: p.items.reduce((sum, i) => sum + i.price * i.quantity, 0),
      content_ids: p.items.map((i) => i.id),
      contents: p.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.price })),
      content_type: 'product',
    },
  };
}

/** The job reads the settings when it runs (turned off meanwhile: nothing is sent); a retry sends the same event id. */
export function handleBrowserEvents({ db, jobs, meta }: { db: Db; jobs: Jobs; meta: MetaConversions }): void {
  jobs.handle(metaBrowserEventJob, async (p) => {
    const settings = await readStored(db);
    if (!settings.metaPixelId || !settings.metaCapiToken) return;
    const [account] = p.userId ? await db.select({ mobile: users.mobile, email: users.email }).from(users).where(eq(users.id, p.userId)) : [];
    await meta.send(settings.metaPixelId, settings.metaCapiToken, [metaBrowserEvent(p, account)]).catch(permanentWhenRefused);
  });
}
