import {
  MessageSchema,
  ProfileSchema,
  SaveProfilePictureBodySchema,
  UpdateProfileBodySchema,
  UploadResponseSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrivateBody } from '../../lib/etag.js';
import { AppError, RateLimitError } from '../../lib/errors.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { webLinks } from '../../lib/links.js';
import { saveInvoiceDetails } from '../documents/service.js';
import { setNewsletter } from '../newsletter/service.js';
import { MESSAGES, getProfile, saveAvatar, updateProfile, uploadAvatar } from './service.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const UPLOADS_PER_HOUR = 30;
const security = BEARER;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read and validated: an anonymous request is told to log in, whatever it sent.
  app.addHook('onRequest', requireUser);

  app.get(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user (ETag: If-None-Match answers 304 while it is unchanged)',
        security,
        response: { 200: ProfileSchema, 304: z.null(), ...errorAnswers(401, 404) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const profile = await app.caches.responses.get(userId, 'profile', ProfileSchema, () =>
        getProfile(app.db, userId),
      );
      return sendPrivateBody(request, reply, profile);
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change name, address and phone (email is read-only and ignored)',
        security,
        body: UpdateProfileBodySchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => {
      await updateProfile(app.db, currentUser(request).id, request.body);
      return { message: MESSAGES.saved };
    },
  );

  app.post(
    '/profile/upload',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload a profile picture (multipart field profilePicture); answers its preview path',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: UploadResponseSchema,
          ...errorAnswers(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const limit = await app.limiter.hit(`avatar-upload:${user.id}`, UPLOADS_PER_HOUR, 3_600_000);
      if (!limit.allowed) throw new RateLimitError(limit.retryAfter);
      let bytes: Buffer | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'profilePicture' && !bytes) bytes = await part.toBuffer();
        else if (part.type === 'file') part.file.resume();
      }
      if (!bytes) throw new AppError('BAD_REQUEST', MESSAGES.noFile, { profilePicture: MESSAGES.noFile });
      return { previewPath: await uploadAvatar(app.db, user.id, bytes) };
    },
  );

  app.put(
    '/profile/save',
    {
      schema: {
        tags: ['profile'],
        summary:
          'Keep an uploaded picture (its previewPath) as the profile picture, the invoice details (null forgets them), and/or the newsletter choice (true subscribes a verified address at once, else mails a link; false leaves)',
        security,
        body: SaveProfilePictureBodySchema,
        response: { 200: MessageSchema, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const { profilePicture, invoiceDetails, newsletter } = request.body;
      if (profilePicture !== undefined) await saveAvatar(app.db, id, profilePicture);
      if (invoiceDetails !== undefined) await saveInvoiceDetails(app.db, id, invoiceDetails);
      if (newsletter !== undefined) {
        const deps = {
          db: app.db,
          limiter: app.limiter,
          mailer: app.mailer,
          log: request.log,
          links: webLinks(app.config.publicUrl),
        };
        await setNewsletter(deps, id, newsletter, request.ip);
      }
      return { message: MESSAGES.saved };
    },
  );
};
