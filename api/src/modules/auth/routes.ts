import {
  AuthResponseSchema,
  LoginBodySchema,
  MessageSchema,
  ResendOtpBodySchema,
  ResetPasswordBodySchema,
  SignupBodySchema,
  UpdatePasswordBodySchema,
  VerifyOtpBodySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { currentUser, requireUser } from '../../platform/security/authenticate.js';
import { deviceCookie, deviceTokenOf } from './devices.js';
import { login, logout } from './login.js';
import { requestPasswordReset, updatePassword } from './reset.js';
import { MESSAGES, type AuthDeps } from './service.js';
import { resendCode, signup, verifyCode } from './signup.js';
import { BEARER, errorAnswers } from '../../lib/route-schema.js';

const errors = errorAnswers(400, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookies = app.config.publicUrl.startsWith('https://');
  const deps = (log: AuthDeps['log']): AuthDeps => ({
    db: app.db,
    limiter: app.limiter,
    mailer: app.mailer,
    config: app.config,
    log,
  });

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an unverified account and mail it a 6-digit code',
        body: SignupBodySchema,
        response: { 201: MessageSchema, ...errorAnswers(409, 503), ...errors },
      },
    },
    async (request, reply) => {
      await signup(deps(request.log), request.body, request.ip, requestLanguage(request));
      return reply.code(201).send({ message: MESSAGES.signedUp });
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the mailed code, verify the email and start a session',
        body: VerifyOtpBodySchema,
        response: { 200: AuthResponseSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (request, reply) => {
      const { token, user, deviceToken } = await verifyCode(
        deps(request.log),
        request.body.email,
        request.body.otp,
        request.ip,
      );
      reply.header('set-cookie', deviceCookie(deviceToken, secureCookies));
      return { token, user };
    },
  );

  app.post(
    '/auth/resend-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new code to an account that is waiting for verification',
        body: ResendOtpBodySchema,
        response: { 200: MessageSchema, ...errorAnswers(503), ...errors },
      },
    },
    async (request) => {
      await resendCode(deps(request.log), request.body.email, request.ip);
      return { message: MESSAGES.codeSent };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a 30-day session',
        body: LoginBodySchema,
        response: {
          200: AuthResponseSchema,
          ...errorAnswers(401, 403, 404),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { token, user, deviceToken } = await login(deps(request.log), {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        deviceToken: deviceTokenOf(request.headers.cookie),
      });
      if (deviceToken) reply.header('set-cookie', deviceCookie(deviceToken, secureCookies));
      return { token, user };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End this session (the token stops working at once)',
        security: BEARER,
        response: { 204: z.null(), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await logout({ db: app.db, log: request.log }, user.sessionId, user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time link to set a new password (same answer for unknown emails)',
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, ...errorAnswers(503), ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(deps(request.log), request.body.email, request.ip);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/update-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every session of the user',
        body: UpdatePasswordBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await updatePassword(deps(request.log), request.body.resetToken, request.body.newPassword, request.ip);
      return { message: MESSAGES.passwordUpdated };
    },
  );
};
