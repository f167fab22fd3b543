import {
  AdminDocumentsQuerySchema,
  AdminDocumentsSchema,
  ErrorBodySchema,
  IdParamsSchema,
  InvoiceDetailsSchema,
  InvoiceDocumentSchema,
  InvoiceRequestedSchema,
  type InvoiceDetails,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceDocuments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { checkDocumentLink } from './links.js';
import { invoicePdf } from './invoice-pdf.js';
import { listDocuments, requestInvoice, salesLedgerCsv } from './service.js';

const LinkQuerySchema = z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) });
const LedgerQuerySchema = AdminDocumentsQuerySchema.pick({ kind: true, from: true, to: true });

const requestErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Invoices and credit notes (TRADE.md section 3, decision 0043): a later request for an invoice
 * by the shopper or an admin, the admin's list of every document and the sales ledger, and the
 * PDF of an invoice or credit note behind its signed link (the order's documents are listed by
 * records/routes.ts).
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    admin: boolean,
    orderId: number,
    details: InvoiceDetails,
  ) => {
    const user = currentUser(request);
    const result = await requestInvoice(app.db, { id: user.id, admin }, orderId, details, app.config.publicUrl);
    if ('issued' in result) return reply.code(201).send(result.issued);
    return reply.code(202).send({ invoiceRequested: true as const });
  };
  const description =
    'The body is the invoice fields themselves. A paid order: 201 with the invoice, issued at once. An order not paid ' +
    'yet (cash on delivery before delivery): 202, issued at the tax event. A second request, also while one waits: ' +
    '409 INVOICE_EXISTS. A cancelled or refunded order: 409 INVALID_TRANSITION.';

  app.post(
    '/orders/:id/invoice',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Ask for an invoice for my order',
        description,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: InvoiceDetailsSchema,
        response: { 201: InvoiceDocumentSchema, 202: InvoiceRequestedSchema, ...requestErrors },
      },
    },
    async (request, reply) => answer(request, reply, false, request.params.id, request.body),
  );

  app.post(
    '/admin/orders/:id/invoice',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Issue an invoice for an order on its buyer's behalf (audited)",
        description,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: InvoiceDetailsSchema,
        response: { 201: InvoiceDocumentSchema, 202: InvoiceRequestedSchema, ...requestErrors },
      },
    },
    async (request, reply) => answer(request, reply, true, request.params.id, request.body),
  );

  app.get(
    '/admin/documents',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every document (sale documents, invoices, credit notes), newest first, by kind and days',
        security: [{ bearer: [] }],
        querystring: AdminDocumentsQuerySchema,
        response: { 200: AdminDocumentsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listDocuments(app.db, request.query, app.config.publicUrl),
  );

  app.get(
    '/admin/documents/ledger.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The sales ledger of the days as CSV (credit notes negative)',
        security: [{ bearer: [] }],
        querystring: LedgerQuerySchema,
        response: { 200: z.string(), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const name = `sales-ledger${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(await salesLedgerCsv(app.db, request.query));
    },
  );

  for (const kind of ['invoice', 'credit-note'] as const) {
    app.get(
      `/documents/${kind}/:id/pdf`,
      {
        schema: {
          tags: ['orders'],
          summary: `The ${kind === 'invoice' ? 'invoice' : 'credit note'} as PDF, through the signed link its listing gave (no token)`,
          params: IdParamsSchema,
          querystring: LinkQuerySchema,
          response: { 200: z.unknown(), 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await checkDocumentLink(app.db, kind, id, request.query.expires, request.query.sig);
        const [document] = await app.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, id));
        if (!document || document.kind !== kind) throw notFound('Document not found.');
        return reply
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `inline; filename="${kind}-${document.number}.pdf"`)
          .send(await invoicePdf(document));
      },
    );
  }
};
