import {
  AdminDocumentsQuerySchema,
  AdminDocumentsSchema,
  AuditFileQuerySchema,
  IdParamsSchema,
  InvoiceDetailsSchema,
  InvoiceDocumentSchema,
  InvoiceRequestedSchema,
  LangQuerySchema,
  ORDER_DOCUMENT_KINDS,
  OrderDocumentsSchema,
  RecordsMonthSchema,
  type InvoiceDetails,
  text,
} from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireAdmin, requireUser } from '../../platform/security/authenticate.js';
import { auditFile, recordsMonth } from './audit-file.js';
import { readDocument, fileName } from './kinds.js';
import { checkDocumentLink, orderDocuments, type DocumentSignature } from './links.js';
import { apiPaths } from '../../lib/links.js';
import { listDocuments, requestInvoice, salesLedgerCsv } from './service.js';
import { testPaymentPolicy } from './test-payments.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const DocumentLinkParamsSchema = z.object({
  kind: z.enum(ORDER_DOCUMENT_KINDS),
  id: z.coerce.number().int().positive(),
});
const DocumentLinkQuerySchema = z.object({ expires: z.coerce.number().int(), sig: text().max(100) });

const LedgerQuerySchema = AdminDocumentsQuerySchema.pick({ kind: true, from: true, to: true }).extend(
  LangQuerySchema.shape,
);

const requestErrors = {
  ...errorAnswers(400, 401, 403, 404, 409),
};

/**
 * The documents (decisions 0039, 0042, 0043, 0049): an order's documents (its shopper or an
 * admin), each one's PDF behind a signed link, a later request for an invoice by the shopper or
 * an admin, the admin's list of every document and the sales ledger, and the month's audit file.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditShop = { currency: app.config.currency, testPayments: testPaymentPolicy(app.config) };

  /** A document's answer: its signed link's address in full, under PUBLIC_URL. */
  const withUrl = <Signed extends { kind: string; id: number; signature: DocumentSignature }>({
    signature,
    ...document
  }: Signed) => ({
    ...document,
    url: `${app.config.publicUrl}${apiPaths.documentPdf(document.kind, document.id, signature)}`,
  });

  app.get(
    '/orders/:id/documents',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "The order's documents (sale documents, invoices, credit notes, complaints' acknowledgements), each with a link to its PDF valid for a day",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: OrderDocumentsSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const admin = user.role === 'ADMIN' || user.role === 'ROOT_ADMIN';
      const documents = await orderDocuments(app.db, { id: user.id, admin }, request.params.id);
      return documents.map(withUrl);
    },
  );

  app.get(
    '/documents/:kind/:id/pdf',
    {
      schema: {
        tags: ['orders'],
        summary:
          "A document as PDF (a sale document, an invoice, a credit note, a complaint's acknowledgement), through the signed link its listing gave (no token)",
        params: DocumentLinkParamsSchema,
        querystring: DocumentLinkQuerySchema,
        response: { 200: z.unknown(), ...errorAnswers(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      await checkDocumentLink(app.db, kind, id, request.query.expires, request.query.sig);
      const document = await readDocument(app.db, kind, id);
      if (!document) throw notFound('Document not found.');
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${fileName(document)}"`)
        .send(await document.pdf());
    },
  );

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    admin: boolean,
    orderId: number,
    details: InvoiceDetails,
  ) => {
    const user = currentUser(request);
    const result = await requestInvoice(
      app.db,
      { id: user.id, admin },
      orderId,
      details,
      testPaymentPolicy(app.config),
    );
    if ('issued' in result) return reply.code(201).send(withUrl(result.issued));
    return reply.code(202).send({ invoiceRequested: true as const });
  };
  const description =
    'The body is the invoice fields themselves. A paid order: 201 with the invoice, issued at once. An order not paid ' +
    'yet (cash on delivery before delivery): 202, issued at the tax event. A second request, also while one waits: ' +
    '409 INVOICE_EXISTS. A cancelled or refunded order: 409 INVALID_TRANSITION. An order paid on the test page of a ' +
    'production shop (no money moved): 409 TEST_PAYMENTS.';

  app.post(
    '/orders/:id/invoice',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Ask for an invoice for my order',
        description,
        security: BEARER,
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
        security: BEARER,
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
        security: BEARER,
        querystring: AdminDocumentsQuerySchema,
        response: { 200: AdminDocumentsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listDocuments(app.db, request.query);
      return { ...page, data: page.data.map(withUrl) };
    },
  );

  app.get(
    '/admin/documents/ledger.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'The sales ledger of the days as CSV (credit notes negative), in the orders CSV’s dialect: UTF-8 with a BOM, ' +
          '`;` and a decimal comma in Bulgarian (`lang` or Accept-Language); `counted` 1 for the rows to sum',
        security: BEARER,
        querystring: LedgerQuerySchema,
        response: { 200: z.string(), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const name = `sales-ledger${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(await salesLedgerCsv(app.db, request.query, requestLanguage(request, request.query.lang)));
    },
  );

  app.get(
    '/admin/records/month',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: records'],
        summary:
          'What the Records screen says of a month: orders delivered, those the audit file lists, those it leaves out (another currency, test payments) and how the shop treats test payments',
        security: BEARER,
        querystring: AuditFileQuerySchema,
        response: { 200: RecordsMonthSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => recordsMonth(app.db, auditShop, request.query),
  );

  app.get(
    '/admin/records/audit-file',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: records'],
        summary:
          "The month's audit file (Ordinance N-18, Annex 38): orders delivered and refunds paid in it (Sofia time), XML in windows-1251 as dec_audit.xsd asks, streamed",
        security: BEARER,
        querystring: AuditFileQuerySchema,
        response: {
          200: z.unknown(),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { year, month } = request.query;
      const file = await auditFile(app.db, auditShop, { year, month });
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
