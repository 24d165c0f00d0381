import type { PaperflyClient } from '../../integrations/paperfly/client';
import { paperflyStage } from './stages';
import type { Courier } from './types';

/** Paperfly behind the courier interface, on its client (integrations/paperfly; decision 0129). No price API: no quote. */
export function paperflyCourier(client: PaperflyClient): Courier {
  return {
    provider: 'paperfly',
    book: (p) => client.placeOrder(p),
    status: (id) => client.track(id),
    stageOf: paperflyStage,
  };
}
