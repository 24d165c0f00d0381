import type { PathaoClient } from '../../integrations/pathao/client';
import { pathaoStage } from './stages';
import type { Courier } from './types';

export { PATHAO_INTEGRATION_SECRET } from '../../integrations/pathao/client';

/** Pathao behind the courier interface, on its client (integrations/pathao). */
export function pathaoCourier(client: PathaoClient): Courier {
  return {
    provider: 'pathao',
    book: (p) => client.createOrder(p),
    status: (id) => client.orderInfo(id),
    stageOf: pathaoStage,
    quote: (p) => client.pricePlan(p),
    places: { cities: () => client.cities(), zones: (c) => client.zones(c), areas: (z) => client.areas(z) },
  };
}
