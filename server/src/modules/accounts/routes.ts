import { demoAccountsSchema, sessionUserSchema } from '@domain/accounts/responses';
import { loginSchema, registerSchema } from '@domain/accounts/schemas';
import { messageSchema } from '@domain/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/error-answers';
import type { SessionManager } from '../../plugins/session';
import { requireUser } from '../../plugins/session';
import type { AuthService } from './auth-service';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionManager;
}

export async function authRoutes(app: FastifyInstance, { auth, sessions }: AuthRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Create an account and sign in',
        operationId: 'register',
        body: registerSchema,
        response: { 201: sessionUserSchema, ...errors(409) },
      },
    },
    async (request, reply) => {
      await auth.countAttemptFrom(request.ip);
      const user = await auth.register(request.body);
      await sessions.end(request, reply);
      await sessions.start(reply, user.id);
      await auth.devices.remember(request, reply, user.id);
      return reply.code(201).send(user);
    },
  );

  r.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in',
        operationId: 'login',
        body: loginSchema,
        response: { 200: sessionUserSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      await auth.countAttemptFrom(request.ip);
      const user = await auth.login(request.body, {
        ip: request.ip,
        deviceToken: auth.devices.token(request),
      });
      // Every sign-in gets a new session; any session the browser had is ended.
      await sessions.end(request, reply);
      await sessions.start(reply, user.id);
      await auth.devices.remember(request, reply, user.id);
      return user;
    },
  );

  r.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign out', operationId: 'logout', response: { 200: messageSchema } },
    },
    async (request, reply) => {
      await sessions.end(request, reply);
      return { message: 'Logged out' };
    },
  );

  r.get(
    '/me',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The signed-in user',
        operationId: 'getCurrentUser',
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => requireUser(request),
  );

  // The login page's demo panel: present only when demo data was asked for and is in this database.
  r.get(
    '/demo',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The demo accounts the sign-in page offers',
        operationId: 'listDemoAccounts',
        response: { 200: demoAccountsSchema, ...errors(404) },
      },
    },
    async () => auth.demoAccounts(),
  );
}
