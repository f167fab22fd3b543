import { LANGUAGES } from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/security/authenticate.js';
import { exportCatalogueCsv } from './export.js';
import { CATALOGUE_FORMATS } from './formats.js';
import { exportImagesZip } from './images-zip.js';

const tags = ['admin: products'];
const security = [{ bearer: [] }];

export const ExportQuerySchema = z.object({
  format: z.enum(CATALOGUE_FORMATS).default('atelier'),
  dialect: z.enum(LANGUAGES).default('en'),
});

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
};
