import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Permission } from '@haat/shared/permissions';
import type { Guards } from './auth';

/** Who may call a route, read from the guard it declares (its preHandler). */
export type RouteAccess = 'admin' | 'user' | 'optional' | 'public';

export interface RouteInfo {
  method: string;
  url: string;
  access: RouteAccess;
  /** The permission an admin route's guard checks (issue 28); undefined on other routes. */
  permission?: Permission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access level: the security suite walks it, so no route escapes its checks. */
    routeTable: RouteInfo[];
  }
}

function accessOf(route: RouteOptions, guards: Guards): Pick<RouteInfo, 'access' | 'permission'> {
  const handlers = [route.preHandler ?? []].flat();
  const permission = handlers.map((h) => guards.permissionOf(h)).find((p) => p !== undefined);
  if (permission) return { access: 'admin', permission };
  if (handlers.includes(guards.requireUser)) return { access: 'user' };
  if (handlers.includes(guards.optionalUser)) return { access: 'optional' };
  return { access: 'public' };
}

/** Records each route as it is added; call before any route is registered. */
export function recordRoutes(app: FastifyInstance, guards: Guards): void {
  const table: RouteInfo[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const access = accessOf(route, guards);
    for (const method of [route.method].flat()) {
      // HEAD twins of GET routes are Fastify's own.
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, ...access });
    }
  });
}
