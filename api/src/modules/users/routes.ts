import { AdminUsersResponseSchema, IdParamsSchema, SuccessSchema, UpdateRoleBodySchema } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { deleteUser, listUsers, setRole } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['admin: users'];
const security = BEARER;

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'Every user, the root admin first',
        response: { 200: AdminUsersResponseSchema, ...errors },
      },
    },
    async () => ({ success: true as const, data: await listUsers(app.db) }),
  );

  app.put(
    '/admin/users/role',
    {
      schema: {
        tags,
        security,
        summary:
          'Make a user an ADMIN or a USER (never the root admin; an admin made or unmade by the root admin only); ' +
          'applies from their next request',
        body: UpdateRoleBodySchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { userId, newRole } = request.body;
      const change = await setRole(app.db, actor, userId, newRole);
      request.log.info({ actorId: actor.id, userId, ...change }, 'role changed');
      return { success: true as const };
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Delete a user (never the root admin, never yourself; an admin by the root admin only); their orders stay, unlinked',
        params: IdParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await deleteUser(app.db, actor, request.params.id);
      request.log.info({ actorId: actor.id, userId: request.params.id }, 'user deleted');
      return { success: true as const };
    },
  );
};
