import {
  AudienceCountSchema,
  AudienceSchema,
  CampaignBodySchema,
  CampaignListSchema,
  CampaignSchema,
  CampaignTestAnswerSchema,
  IdParamsSchema,
  ScheduleCampaignBodySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webLinks } from '../../lib/links.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';
import { currentUser, requireAdmin } from '../../platform/security/authenticate.js';
import { audienceSize } from './audience.js';
import { testMails } from './mail.js';
import { campaignRow, createCampaign, getCampaign, listCampaigns, startCampaign, updateCampaign } from './service.js';
import { stopCampaign } from './stop.js';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['admin: campaigns'];
const security = BEARER;

/** Campaigns to the list (YEAR.md section 4, decision 0057): written, tried, sent now or at a time, followed. */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const mailDeps = () => ({
    db: app.db,
    links: webLinks(app.config.publicUrl),
    publicUrl: app.config.publicUrl,
    currency: app.config.currency,
  });

  app.get(
    '/admin/campaigns',
    {
      schema: {
        tags,
        security,
        summary: 'Every campaign, newest first, with its audience and progress',
        response: { 200: CampaignListSchema, ...errors },
      },
    },
    async () => ({ campaigns: await listCampaigns(app.db) }),
  );

  app.post(
    '/admin/campaigns',
    {
      schema: {
        tags,
        security,
        summary: 'Write a campaign (a draft): subject and text in both languages, up to 8 products, its audience',
        body: CampaignBodySchema,
        response: { 201: CampaignSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createCampaign(app.db, currentUser(request).id, request.body)),
  );

  app.get(
    '/admin/campaigns/audience',
    {
      schema: {
        tags,
        security,
        summary: 'How many subscribers an audience reaches now (the editor shows it while the admin chooses)',
        querystring: AudienceSchema,
        response: { 200: AudienceCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await audienceSize(app.db, request.query) }),
  );

  app.get(
    '/admin/campaigns/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A campaign: its status, audience (and its size), and mails sent, failed and unsubscribed',
        params: IdParamsSchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request) => getCampaign(app.db, request.params.id),
  );

  app.put(
    '/admin/campaigns/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a campaign not sent yet (409 INVALID_TRANSITION once it is)',
        params: IdParamsSchema,
        body: CampaignBodySchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request) => updateCampaign(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/campaigns/:id/test',
    {
      schema: {
        tags,
        security,
        summary: "Send the campaign to the signed-in admin's own address, once in each language",
        params: IdParamsSchema,
        response: { 200: CampaignTestAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = currentUser(request);
      const row = await campaignRow(app.db, request.params.id);
      for (const mail of await testMails(mailDeps(), row, email)) await app.mailer.send(mail);
      return { to: email };
    },
  );

  app.post(
    '/admin/campaigns/:id/send',
    {
      schema: {
        tags,
        security,
        summary: 'Send now: each subscriber of the audience once, in their language, at marketing.ratePerMinute',
        params: IdParamsSchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request) => startCampaign(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/admin/campaigns/:id/schedule',
    {
      schema: {
        tags,
        security,
        summary: 'Send at a time to come (scheduled again: the latest time holds)',
        params: IdParamsSchema,
        body: ScheduleCampaignBodySchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request) => startCampaign(app.db, currentUser(request).id, request.params.id, new Date(request.body.at)),
  );

  app.post(
    '/admin/campaigns/:id/stop',
    {
      schema: {
        tags,
        security,
        summary:
          'Stop a campaign scheduled or going out: what has not gone yet never goes (409 INVALID_TRANSITION otherwise)',
        params: IdParamsSchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request) => stopCampaign(app.db, currentUser(request).id, request.params.id),
  );
};
