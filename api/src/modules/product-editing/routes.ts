import {
  AddColorBodySchema,
  AddColorResponseSchema,
  ColorImagesBodySchema,
  ColorImagesParamsSchema,
  CreateProductBodySchema,
  CreateProductResponseSchema,
  EditProductFieldsSchema,
  IdParamsSchema,
  LangQuerySchema,
  ProductListSchema,
  SuccessSchema,
  UploadImagesFieldsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { listAllProducts } from '../catalog/service.js';
import { assertValidForm, parseForm, readAddColorForm, readColorImageForm } from './forms.js';
import { readMultipartForm } from '../../platform/files/multipart-form.js';
import { addColor, addColorWithImages, uploadProductImages } from './product-colors.js';
import { addColorImage, setColorImages } from './color-images.js';
import { createProduct, deleteProduct, updateProduct } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 401, 403, 404);
const uploadErrors = { ...errors, ...errorAnswers(413, 415) };
const tags = ['admin: products'];
const security = BEARER;

/** Catalogue writes, each audited; the caches follow their changes through the change feed. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: a non-admin never gets as far as validation or an upload.
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/products',
    {
      schema: {
        tags,
        security,
        summary: 'Every product that is not deleted, published or not',
        querystring: LangQuerySchema,
        response: { 200: ProductListSchema, ...errors },
      },
    },
    async (request) => listAllProducts(app.db, requestLanguage(request, request.query.lang)),
  );

  app.post(
    '/products',
    {
      attachValidation: true,
      schema: {
        tags,
        security,
        summary: 'Create a product (hidden until its images are uploaded)',
        body: CreateProductBodySchema,
        response: { 201: CreateProductResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertValidForm(request);
      const product = await createProduct(app.db, currentUser(request).id, request.body);
      return reply.code(201).send({ success: true, product });
    },
  );

  app.post(
    '/products/upload-images',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a new product’s images and publish it',
        description:
          'multipart/form-data: productId, mainImage (optional: else the first colour’s image), colorImage_{i} and ' +
          'colorHoverImage_{i} by the colours’ creation order. JPEG, PNG or WebP, at most 2 MB each, 8 MB in all.',
        consumes: ['multipart/form-data'],
        response: { 200: SuccessSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      const { productId } = parseForm(UploadImagesFieldsSchema, form.fields);
      await uploadProductImages(app.db, currentUser(request).id, productId, form.files);
      return { success: true as const };
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a product',
        description:
          'multipart/form-data: enName, enDescription, bgName, bgDescription, price, categoryId, colors (JSON of ' +
          '[{ id, colorName, colorNameBg? }] in display order; colours left out are removed), colorImage_{id} and ' +
          'colorHoverImage_{id} to replace images, mainImage (optional), knownColors (optional JSON of the ' +
          'colour ids the form showed: a colour added elsewhere meanwhile is kept), sizes (optional JSON like ' +
          '["S","M"]: sizes added, sizes left out removed with their stock) and confirmSizeRemoval (`true` to ' +
          'remove sizes that carts or wishlists hold: without it 409 SIZE_IN_USE with their counts; a size a ' +
          'pending checkout holds: 409 SIZE_RESERVED).',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: SuccessSchema, ...uploadErrors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request);
      const fields = parseForm(EditProductFieldsSchema, form.fields);
      await updateProduct(app.db, currentUser(request).id, request.params.id, fields, form.files);
      return { success: true as const };
    },
  );

  app.put(
    '/products/:id/add-color',
    {
      schema: {
        tags,
        security,
        summary: 'Add a colour to a product',
        description:
          'JSON { colorName, colorNameBg? }, or multipart/form-data with colorName, colorNameBg (optional), ' +
          'colorImage and colorHoverImage (both required).',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: AddColorResponseSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      if (request.isMultipart()) {
        const { names, images } = readAddColorForm(await readMultipartForm(request));
        const color = await addColorWithImages(app.db, actorId, request.params.id, names, images);
        return { success: true as const, color };
      }
      const color = await addColor(app.db, actorId, request.params.id, parseForm(AddColorBodySchema, request.body));
      return { success: true as const, color };
    },
  );

  app.post(
    '/admin/products/:id/colors/:colorId/images',
    {
      schema: {
        tags,
        security,
        summary: "Add an image after a colour's others (at most 8; the first is the colour's image)",
        description: 'multipart/form-data with `image` (JPEG, PNG or WebP). A ninth image: 409 TOO_MANY_IMAGES.',
        consumes: ['multipart/form-data'],
        params: ColorImagesParamsSchema,
        response: { 201: AddColorResponseSchema, ...uploadErrors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const { id, colorId } = request.params;
      const image = readColorImageForm(await readMultipartForm(request));
      const color = await addColorImage(app.db, currentUser(request).id, id, colorId, image);
      return reply.code(201).send({ success: true as const, color });
    },
  );

  app.put(
    '/admin/products/:id/colors/:colorId/images',
    {
      schema: {
        tags,
        security,
        summary: "Order a colour's images; one left out is removed, the first becomes the colour's image",
        params: ColorImagesParamsSchema,
        body: ColorImagesBodySchema,
        response: { 200: AddColorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, colorId } = request.params;
      const color = await setColorImages(app.db, currentUser(request).id, id, colorId, request.body);
      return { success: true as const, color };
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product (it leaves the shop, carts and wishlists; orders keep their copy)',
        params: IdParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await deleteProduct(app.db, currentUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
};
