import {
  API,
  changePasswordRequestSchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyResponseSchema,
} from '@inkwell/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toProfileData, toSessionUser } from '../users/users.presenter';
import type { AuthService, RequestContext } from './auth.service';
import { FORGOT_PASSWORD_MESSAGE, type createPasswordResetService } from './password-reset.service';

const tags = ['account'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

function contextOf(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** SPEC §7's account calls, plus register, password reset and change (issue 2). */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  passwordReset: ReturnType<typeof createPasswordResetService>;
}> = async (app, { auth, passwordReset }) => {
  app.get(API.verify, {
    schema: { tags, response: { 200: verifyResponseSchema } },
    handler: async (request) =>
      request.user
        ? { authenticated: true, user: toSessionUser(request.user), message: 'Authenticated' }
        : { authenticated: false, user: null, message: 'Not authenticated' },
  });

  app.post(API.login, {
    schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
    onRequest: async (request) => auth.limitAttempts('login', request.ip),
    handler: async (request, reply) => {
      const { user, session } = await auth.login(request.body, contextOf(request));
      app.setSessionCookie(reply, session);
      return { success: true, user: toSessionUser(user), message: 'Logged in successfully' };
    },
  });

  app.post(API.register, {
    schema: { tags, body: registerRequestSchema, response: { 201: loginResponseSchema, ...errors } },
    onRequest: async (request) => auth.limitAttempts('register', request.ip),
    handler: async (request, reply) => {
      const { user, session } = await auth.register(request.body, contextOf(request));
      app.setSessionCookie(reply, session);
      return reply.status(201).send({ success: true, user: toSessionUser(user), message: 'Welcome to Inkwell!' });
    },
  });

  app.post(API.forgotPassword, {
    schema: { tags, body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    onRequest: async (request) => auth.limitAttempts('password-reset', request.ip),
    handler: async (request) => {
      await passwordReset.requestReset(request.body);
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  });

  app.post(API.resetPassword, {
    schema: { tags, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    onRequest: async (request) => auth.limitAttempts('password-reset', request.ip),
    handler: async (request, reply) => {
      await passwordReset.resetPassword(request.body);
      app.clearSessionCookie(reply);
      return { success: true as const, message: 'Your password has been reset. You can log in now.' };
    },
  });

  // Idempotent: logging out without a session still clears the cookie and succeeds.
  app.post(API.logout, {
    schema: { tags, response: { 200: messageResponseSchema } },
    handler: async (request, reply) => {
      if (request.sessionId) await auth.logout(request.sessionId);
      app.clearSessionCookie(reply);
      return { success: true as const, message: 'Logged out' };
    },
  });

  app.get(API.profile, {
    schema: { tags, response: { 200: profileResponseSchema, 401: errorBodySchema } },
    preHandler: app.requireUser,
    handler: async (request) => ({ success: true, data: toProfileData(request.user!), message: 'Profile loaded' }),
  });

  app.post(API.changePassword, {
    schema: { tags, body: changePasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    preHandler: app.requireUser,
    handler: async (request) => {
      await auth.changePassword(request.user!.id, request.sessionId!, request.body);
      return { success: true as const, message: 'Your password has been changed. Other devices were logged out.' };
    },
  });
};
