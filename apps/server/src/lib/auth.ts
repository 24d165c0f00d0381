import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@haat/shared/constants';
import { can, isStaff, type Permission } from '@haat/shared/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { refreshSessions, users } from '../db/schema';
import { appError } from './errors';

export interface AuthUser {
  id: string;
  role: Role;
  /** Null for an account made by signing in with a mobile (decision 0061). */
  email: string | null;
  /** The refresh session the access token was issued for (login or refresh-token); always live. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requirePermission / optionalUser. */
    user: AuthUser | null;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const key = (config: Config) => new TextEncoder().encode(config.JWT_SECRET);

export async function signAccessToken(config: Config, userId: string, sessionId?: string): Promise<string> {
  return new SignJWT(sessionId ? { typ: 'access', sid: sessionId } : { typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(config));
}

/** The user id and (when issued for a session) the session id of a valid access token. */
export async function readAccessToken(config: Config, token: string): Promise<{ userId: string; sessionId?: string } | null> {
  try {
    // A token without `exp` would never expire: refused even when signed with our key (issue 18).
    const { payload } = await jwtVerify(token, key(config), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    return { userId: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : undefined };
  } catch {
    return null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Resolves the caller from the bearer token. The token's session must still be
 * live (not revoked by logout, a password reset or change, not expired), and
 * the role is read from the database on every call, so a demoted or suspended
 * admin, or a signed-out device, loses access at once. One query, by the
 * session's primary key.
 */
async function resolveUser(req: FastifyRequest, config: Config, db: Db): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await readAccessToken(config, token);
  // Every access token is issued for a session; one without is not accepted.
  if (!claims?.sessionId) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, status: users.status })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(
        eq(refreshSessions.id, claims.sessionId),
        eq(refreshSessions.userId, claims.userId),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, new Date()),
      ),
    );
  if (!row || row.status !== 'Active') return null;
  return { id: row.id, role: row.role, email: row.email, sessionId: claims.sessionId };
}

/**
 * The caller on a route guarded by requireUser or requirePermission, typed. A route
 * without the guard has no caller: that is a programming error, answered 500.
 */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw new Error('userOf: the route does not run requireUser or requirePermission');
  return req.user;
}

/**
 * Who made a change, for the audit log (decision 0065): the guarded caller and
 * the request's IP as Fastify reads it under the app's TRUST_PROXY setting.
 */
export interface Actor {
  id: string;
  role: Role;
  email: string | null;
  ip: string;
}

/** The actor of a route guarded by requirePermission: routes pass it to the service that records the change. */
export function actorOf(req: FastifyRequest): Actor {
  const user = userOf(req);
  return { id: user.id, role: user.role, email: user.email, ip: req.ip };
}

export type PreHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guards {
  /** 401 without a valid access token. */
  requireUser: PreHandler;
  /**
   * The guard of every staff route (issue 28, decision 0064): 401 without a
   * valid token, 403 ADMIN_ONLY for a shopper, 403 PERMISSION_DENIED for staff
   * whose role lacks `permission` in the shared table (@haat/shared/permissions).
   * The same function for the same permission, so the route table reads it back.
   */
  requirePermission(permission: Permission): PreHandler;
  /** The permission a preHandler made by requirePermission checks; undefined for any other function. */
  permissionOf(handler: unknown): Permission | undefined;
  /** Sets req.user when a valid token is sent; guests pass as null. */
  optionalUser(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createGuards(config: Config, db: Db): Guards {
  const made = new Map<Permission, PreHandler>();
  const permissions = new Map<unknown, Permission>();
  return {
    async requireUser(req) {
      req.user = await resolveUser(req, config, db);
      if (!req.user) throw appError('UNAUTHORIZED');
    },
    requirePermission(permission) {
      const existing = made.get(permission);
      if (existing) return existing;
      const guard: PreHandler = async (req) => {
        req.user = await resolveUser(req, config, db);
        if (!req.user) throw appError('UNAUTHORIZED');
        if (!isStaff(req.user.role)) throw appError('ADMIN_ONLY');
        if (!can(req.user.role, permission)) throw appError('PERMISSION_DENIED', { permission });
      };
      made.set(permission, guard);
      permissions.set(guard, permission);
      return guard;
    },
    permissionOf(handler) {
      return permissions.get(handler);
    },
    async optionalUser(req) {
      req.user = await resolveUser(req, config, db);
    },
  };
}
