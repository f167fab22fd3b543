import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductRoutes } from './product-routes.js';
import { adminUserRoutes } from './user-routes.js';
import { adminSaleRoutes } from '../sales/routes.js';
import { adminSizeFitRoutes } from '../size-fit/routes.js';

/** Admin tools: every route answers 401 to anonymous callers and 403 to non-admins. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminProductRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminSaleRoutes);
  await app.register(adminSizeFitRoutes);
};
