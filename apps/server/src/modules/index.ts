import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps';
import { cartRoutes } from './cart/routes';
import { deliveryRoutes } from './delivery/routes';
import { catalogueRoutes } from './catalogue/routes';
import { healthRoutes } from './health/routes';
import { orderRoutes } from './orders/routes';
import { chatLinkRoutes } from './orders/chat-link-routes';
import { paymentRoutes } from './payments/routes';
import { sslcommerzRoutes } from './payments/sslcommerz-routes';
import { shopRoutes } from './shop/routes';
import { usersRoutes } from './users/routes';
import { addressesRoutes } from './addresses/routes';
import { courierRoutes } from './courier/routes';
import { dashboardRoutes } from './dashboard/routes';
import { promotionRoutes } from './promotions/routes';
import { auditRoutes } from './audit/routes';
import { codRiskRoutes } from './cod-risk/routes';
import { jobsRoutes } from './jobs/routes';
import { complaintRoutes } from './complaints/routes';
import { deadlineRoutes } from './deadlines/routes';
import { returnRoutes } from './returns/routes';
import { settlementRoutes } from './settlements/routes';
import { stockAlertRoutes } from './stock-alerts/routes';
import { recoveryRoutes } from './recovery/routes';
import { adsRoutes } from './ads/routes';
import { reviewRoutes } from './reviews/routes';

/**
 * Every domain's routes, mounted under /api. A domain adds one line here.
 */
export function apiModules(deps: AppDeps): FastifyPluginAsync[] {
  return [
    healthRoutes(deps),
    shopRoutes(deps),
    cartRoutes(deps),
    deliveryRoutes(deps),
    orderRoutes(deps),
    chatLinkRoutes(deps),
    paymentRoutes(deps),
    sslcommerzRoutes(deps),
    usersRoutes(deps),
    addressesRoutes(deps),
    catalogueRoutes(deps),
    courierRoutes(deps),
    dashboardRoutes(deps),
    promotionRoutes(deps),
    auditRoutes(deps),
    codRiskRoutes(deps),
    jobsRoutes(deps),
    complaintRoutes(deps),
    deadlineRoutes(deps),
    returnRoutes(deps),
    settlementRoutes(deps),
    stockAlertRoutes(deps),
    recoveryRoutes(deps),
    adsRoutes(deps),
    reviewRoutes(deps),
  ];
}
