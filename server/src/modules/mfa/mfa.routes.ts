import {
  activeMethodsPage,
  backupCodesResponse,
  detailResponse,
  mfaActivateResponse,
  mfaCodeRequest,
  mfaMethodName,
} from '@geows/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../lib/pagination.js';
import { type Authenticator, requireAuth, userOf } from '../auth/authenticate.js';
import type { SitesService } from '../sites/sites.service.js';
import type { MfaService } from './mfa.service.js';

/** django-trench's calls, as the spec names them. */
export const mfaRoutes: FastifyPluginAsyncZod<{
  mfa: MfaService;
  authenticate: Authenticator;
  sites: SitesService;
  rateLimit: Record<string, unknown>;
}> = async (app, { mfa, authenticate, sites, rateLimit }) => {
  const tags = ['mfa'];
  app.addHook('onRequest', requireAuth(authenticate));
  const method = z.object({ method: mfaMethodName });
  const siteTitle = async (origin: string | undefined) => {
    const site = await sites.siteFor(origin);
    return site.title || new URL(site.site).host;
  };

  app.get(
    '/auth/mfa/user-active-methods',
    {
      schema: {
        tags,
        summary: "The signed-in user's active second factors",
        response: { 200: activeMethodsPage },
      },
    },
    async (request) => pageOf(await mfa.activeMethods(userOf(request).id)),
  );

  app.post(
    '/auth/:method/activate',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Starts setting up a method: the otpauth URI for the app, or a code by e-mail. With a method already on, a current code is needed.',
        params: method,
        body: z.object({ code: z.string().trim().max(64).optional() }).nullish(),
        response: { 200: mfaActivateResponse },
      },
    },
    async (request) => {
      const user = userOf(request);
      return mfa.activate(
        user,
        request.params.method,
        await siteTitle(request.headers.origin),
        request.body?.code,
      );
    },
  );

  app.post(
    '/auth/:method/activate/confirm',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Turns the method on with a first code; answers 10 single-use backup codes',
        params: method,
        body: mfaCodeRequest,
        response: { 200: backupCodesResponse },
      },
    },
    async (request) =>
      mfa.confirm(
        userOf(request),
        request.params.method,
        request.body.code,
        await siteTitle(request.headers.origin),
      ),
  );

  app.post(
    '/auth/:method/deactivate',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Turns a method off; needs a current code (or a backup code)',
        params: method,
        body: mfaCodeRequest,
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      await mfa.deactivate(
        userOf(request),
        request.params.method,
        request.body.code,
        await siteTitle(request.headers.origin),
      );
      return { detail: 'The method has been deactivated.' };
    },
  );

  app.post(
    '/auth/code/request',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Mails a fresh code for the e-mail method',
        body: z.object({ method: z.literal('email') }),
        response: { 200: detailResponse },
      },
    },
    async (request) => {
      const user = userOf(request);
      await mfa.requestCode(user, await siteTitle(request.headers.origin));
      return { detail: `We sent a code to ${user.email}.` };
    },
  );
};
