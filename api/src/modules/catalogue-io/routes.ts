import {
  FeedCheckQuerySchema,
  FeedCheckSchema,
  ImportAppliedSchema,
  ImportSummarySchema,
  ImportUndoneSchema,
  LANGUAGES,
  LastImportSchema,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { applyImport, dryRunImport, lastImport, undoImport } from './import-service.js';
import { exportCatalogueCsv } from './export.js';
import { feedCheck } from './feeds.js';
import { CATALOGUE_FORMATS } from './formats.js';
import { exportImagesZip } from './images-zip.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const tags = ['admin: products'];
const security = BEARER;

export const ExportQuerySchema = z.object({
  format: z.enum(CATALOGUE_FORMATS).default('atelier'),
  dialect: z.enum(LANGUAGES).default('en'),
});

/** The most an uploaded CSV and the ZIP of its images may weigh. */
const CSV_MAX_BYTES = 16 * 1024 * 1024;
const ZIP_MAX_BYTES = 64 * 1024 * 1024;

const ImportParamsSchema = z.object({ importId: z.coerce.number().int().positive() });

/** The multipart form of an import: `file` (the CSV), `images` (a ZIP, optional), `format`, `lang`. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of request.parts({ limits: { fileSize: ZIP_MAX_BYTES, files: 2 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large.');
      if (bytes.length > 0) files[part.fieldname] = bytes;
    } else fields[part.fieldname] = String(part.value);
  }
  const csv = files.file;
  if (!csv) throw badRequest('Choose the CSV file to import.', { file: 'Choose the CSV file to import' });
  if (csv.length > CSV_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The CSV file may be at most 16 MB.');
  const format = z.enum(CATALOGUE_FORMATS).safeParse(fields.format ?? 'atelier');
  if (!format.success) throw badRequest('The format is atelier, woocommerce or shopify.', { format: 'Unknown format' });
  return {
    csv: csv.toString('utf8'),
    zip: files.images,
    format: format.data,
    lang: fields.lang === 'bg' ? ('bg' as const) : ('en' as const),
  };
}

/** The catalogue in and out (YEAR.md section 5): the export, the images beside it, the import. */
export const catalogueIoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/products/export.csv',
    {
      schema: {
        tags,
        security,
        summary:
          "Every product, one row per colour × size, in this shop's format or WooCommerce's or Shopify's, streamed; `dialect=bg`: a BOM, `;` and a decimal comma (Bulgarian Excel)",
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, dialect } = request.query;
      const csv = exportCatalogueCsv(app.db, { format, dialect, publicUrl: app.config.publicUrl });
      csv.on('error', (error) => request.log.error({ err: error, format }, 'catalogue export failed mid-stream'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${format}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/products/images.zip',
    {
      schema: {
        tags,
        security,
        summary: "Every colour's pictures, named as the export's `images` column names them (a ZIP, streamed)",
      },
    },
    async (request, reply) => {
      const zip = exportImagesZip(app.db);
      zip.on('error', (error) => request.log.error({ err: error }, 'images export failed mid-stream'));
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="product-images.zip"')
        .send(zip);
    },
  );

  app.post(
    '/admin/products/import',
    {
      schema: {
        tags,
        security,
        summary:
          'A dry run of an import (multipart: `file` the CSV, `images` an optional ZIP, `format`, `lang` of a one-language format): what it would create, update, leave; errors by row and column. Changes nothing.',
        consumes: ['multipart/form-data'],
        response: { 201: ImportSummarySchema, ...errorAnswers(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const form = await readImportForm(request);
      return reply.code(201).send(await dryRunImport(app.db, currentUser(request).id, form));
    },
  );

  app.get(
    '/admin/products/import/last',
    {
      schema: {
        tags,
        security,
        summary:
          'The last applied import (undone since or not), or null: its id, status, counts, and whether it can still be undone (`undoable`; `superseded` when a later edit touched one of its products)',
        response: { 200: LastImportSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => lastImport(app.db),
  );

  app.get(
    '/admin/products/feed-check',
    {
      schema: {
        tags,
        security,
        summary:
          "The Google feed's items in `lang` (the Meta feed's with `service=meta`): how many it leaves out because the service would refuse them, how many lack each required attribute, and the first 20 left out",
        querystring: FeedCheckQuerySchema,
        response: { 200: FeedCheckSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) =>
      feedCheck(
        app.db,
        { publicUrl: app.config.publicUrl, currency: app.config.currency, lang: request.query.lang },
        request.query.service,
      ),
  );

  app.post(
    '/admin/products/import/:importId/apply',
    {
      schema: {
        tags,
        security,
        summary:
          'Applies a dry run (audited); 409 CONFLICT when it was applied already, IMPORT_HAS_ERRORS when its dry run found errors',
        params: ImportParamsSchema,
        response: { 200: ImportAppliedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => applyImport(app.db, currentUser(request).id, request.params.importId),
  );

  app.post(
    '/admin/products/import/:importId/undo',
    {
      schema: {
        tags,
        security,
        summary:
          'Puts every product of the last applied import back as it was; 409 IMPORT_SUPERSEDED when a later edit touched one',
        params: ImportParamsSchema,
        response: { 200: ImportUndoneSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => undoImport(app.db, currentUser(request).id, request.params.importId),
  );
};
