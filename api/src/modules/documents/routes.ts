import {
  AuditFileQuerySchema,
  DOCUMENT_KINDS,
  ErrorBodySchema,
  IdParamsSchema,
  OrderDocumentsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { auditFile } from './audit-file.js';
import { checkDocumentLink, orderDocuments, saleDocument } from './links.js';
import { saleDocumentPdf } from './pdf.js';

const DocumentLinkParamsSchema = z.object({ kind: z.enum(DOCUMENT_KINDS), id: z.coerce.number().int().positive() });
const DocumentLinkQuerySchema = z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) });

/** An order's documents (its shopper or an admin) and each document's PDF behind a signed link. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/documents',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: "The order's documents (sale documents), each with a link to its PDF valid for a day",
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: OrderDocumentsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const admin = user.role === 'ADMIN' || user.role === 'ROOT_ADMIN';
      const documents = await orderDocuments(app.db, { id: user.id, admin }, request.params.id);
      return documents.map(({ link, ...document }) => ({ ...document, url: `${app.config.publicUrl}${link}` }));
    },
  );

  app.get(
    '/documents/:kind/:id/pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'A document as PDF, through the signed link its listing gave (no token)',
        params: DocumentLinkParamsSchema,
        querystring: DocumentLinkQuerySchema,
        response: { 200: z.unknown(), 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      await checkDocumentLink(app.db, kind, id, request.query.expires, request.query.sig);
      if (kind !== 'sale') throw notFound('Document not found.');
      const document = await saleDocument(app.db, id);
      const pdf = await saleDocumentPdf(document);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="sale-document-${document.number}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/admin/records/audit-file',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: records'],
        summary:
          "The month's audit file (Ordinance N-18, Annex 38): orders delivered and refunds paid in it (Sofia time), XML in windows-1251 as dec_audit.xsd asks, streamed",
        security: [{ bearer: [] }],
        querystring: AuditFileQuerySchema,
        response: {
          200: z.unknown(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { year, month } = request.query;
      const file = await auditFile(app.db, app.config.currency, { year, month });
      // The status and headers are gone by then: the owner gets a cut file, the log says why.
      file.on('error', (error) => request.log.error({ err: error, year, month }, 'audit file failed mid-stream'));
      const name = `audit-${year}-${String(month).padStart(2, '0')}.xml`;
      return reply
        .type('application/xml; charset=windows-1251')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  );
};
