import type { Config } from '../../config';
import { steadfastFromConfig } from '../../integrations/steadfast';
import { PathaoClient } from '../../integrations/pathao/client';
import { PaperflyClient } from '../../integrations/paperfly/client';
import { RedxClient } from '../../integrations/redx/client';
import { paperflyCourier } from './paperfly';
import { pathaoCourier } from './pathao';
import { redxCourier } from './redx';
import { sandboxCourier } from './sandbox';
import { steadfastCourier } from './steadfast';
import type { Couriers } from './types';

/**
 * The couriers this shop can book with, from its settings. Without any, and
 * never in production, the labelled sandbox courier keeps the demo working.
 */
export function createCouriers(config: Config): Couriers {
  const couriers: Couriers = {};
  const steadfast = steadfastFromConfig(config);
  if (steadfast) couriers.steadfast = steadfastCourier(steadfast);
  if (config.PATHAO_BASE_URL && config.PATHAO_CLIENT_ID && config.PATHAO_CLIENT_SECRET && config.PATHAO_USERNAME && config.PATHAO_PASSWORD && config.PATHAO_STORE_ID) {
    couriers.pathao = pathaoCourier(
      new PathaoClient({
        baseUrl: config.PATHAO_BASE_URL.replace(/\/+$/, ''),
        clientId: config.PATHAO_CLIENT_ID,
        clientSecret: config.PATHAO_CLIENT_SECRET,
        username: config.PATHAO_USERNAME,
        password: config.PATHAO_PASSWORD,
        storeId: config.PATHAO_STORE_ID,
      }),
    );
  }
  if (config.REDX_BASE_URL && config.REDX_ACCESS_TOKEN && config.REDX_PICKUP_STORE_ID) {
    couriers.redx = redxCourier(
      new RedxClient({ baseUrl: config.REDX_BASE_URL.replace(/\/+$/, ''), accessToken: config.REDX_ACCESS_TOKEN, pickupStoreId: config.REDX_PICKUP_STORE_ID, pickupAreaId: config.REDX_PICKUP_AREA_ID }),
    );
  }
  const pf = paperflySettings(config);
  if (pf) couriers.paperfly = paperflyCourier(new PaperflyClient(pf));
  if (Object.keys(couriers).length === 0 && !config.isProduction) couriers.sandbox = sandboxCourier();
  return couriers;
}

/** Paperfly's settings, when all of them are set (config.ts checks they come together). */
function paperflySettings(c: Config) {
  if (!c.PAPERFLY_BASE_URL || !c.PAPERFLY_USERNAME || !c.PAPERFLY_PASSWORD || !c.PAPERFLY_KEY) return null;
  if (!c.PAPERFLY_PICKUP_NAME || !c.PAPERFLY_PICKUP_ADDRESS || !c.PAPERFLY_PICKUP_THANA || !c.PAPERFLY_PICKUP_DISTRICT || !c.PAPERFLY_PICKUP_PHONE) return null;
  return {
    baseUrl: c.PAPERFLY_BASE_URL.replace(/\/+$/, ''),
    username: c.PAPERFLY_USERNAME,
    password: c.PAPERFLY_PASSWORD,
    key: c.PAPERFLY_KEY,
    pickup: { name: c.PAPERFLY_PICKUP_NAME, address: c.PAPERFLY_PICKUP_ADDRESS, thana: c.PAPERFLY_PICKUP_THANA, district: c.PAPERFLY_PICKUP_DISTRICT, phone: c.PAPERFLY_PICKUP_PHONE },
  };
}
