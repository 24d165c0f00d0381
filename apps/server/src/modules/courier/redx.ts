import type { RedxClient } from '../../integrations/redx/client';
import { redxStage } from './stages';
import type { Courier } from './types';

/** RedX behind the courier interface, on its client (integrations/redx; decision 0122). */
export function redxCourier(client: RedxClient): Courier {
  return {
    provider: 'redx',
    book: (p) => client.createParcel(p),
    status: (id) => client.parcelInfo(id),
    stageOf: redxStage,
    quote: (p) => client.charge(p),
  };
}
