import { IMAGE_VARIANT_WIDTHS } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

const FileParams = z.object({ id: z.string().regex(/^[a-f0-9]{64}$/, 'Unknown file.') });
const FileQuery = z.object({ w: z.coerce.number().int().optional().catch(undefined) });

/** Content-addressed files: the URL names the bytes, so they can be cached forever. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id',
    { schema: { params: FileParams, querystring: FileQuery, hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const width = request.query.w;
      const wanted = width && (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width) ? width : undefined;
      const columns = { id: files.id, contentType: files.contentType, bytes: files.bytes };
      const [variant] = wanted
        ? await app.db
            .select(columns)
            .from(files)
            .where(and(eq(files.sourceId, id), eq(files.width, wanted)))
            .limit(1)
        : [];
      const [file] = variant ? [variant] : await app.db.select(columns).from(files).where(eq(files.id, id)).limit(1);
      if (!file) throw notFound('File not found');
      const etag = `"${file.id}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.contentType).send(file.bytes);
    },
  );
};
