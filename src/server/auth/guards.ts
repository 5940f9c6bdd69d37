import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@domain/contract';
import { httpError } from '../http';

export const ADMIN_AREA_SCOPES = ['API.Portal.Admin', 'API.Portal.IDOne', 'API.Portal.KNW', 'API.Portal.PDC'];

export const userHasAnyScope = (user: SessionUser, scopes: readonly string[]) =>
  user.scopes.some((s) => scopes.includes(s));

/** preHandler: the signed-in user must hold at least one of the scopes (403 otherwise). */
export function requireScopes(...scopes: string[]) {
  return async (request: FastifyRequest) => {
    if (!request.user) throw httpError(401, 'Sign in required');
    if (!userHasAnyScope(request.user, scopes)) {
      throw httpError(403, `This requires one of the scopes: ${scopes.join(', ')}`);
    }
  };
}

/** Admin routes and admin data: Admin, IDOne, KNW or PDC. */
export const requireAdminArea = () => requireScopes(...ADMIN_AREA_SCOPES);
