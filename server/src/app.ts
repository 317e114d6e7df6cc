import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { datasourceTypeById } from '@geows/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { contentSecurityPolicy } from './lib/csp.js';
import { endpointRegistrar } from './lib/endpoint-routes.js';
import { HttpError, isApiPath, registerErrorHandling } from './lib/errors.js';
import { createExpensiveCalls } from './lib/expensive-calls.js';
import { loadOnce } from './lib/load-once.js';
import { rejectNullCharacters } from './lib/null-characters.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { requestLogFields } from './lib/redact-url.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { createUrlFetcher } from './lib/url-fetch/index.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import {
  createAuthenticator,
  createSessionCheck,
  registerAuthentication,
} from './modules/auth/authenticate.js';
import { createFailureGuard } from './modules/auth/failure-guard.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createArcgisSignInService } from './modules/datasources/arcgis-sign-in.service.js';
import { datasourcesRoutes } from './modules/datasources/datasources.routes.js';
import { createDatasourcesService } from './modules/datasources/datasources.service.js';
import type { InspectService } from './modules/datasources/inspect.service.js';
import { createUploadService } from './modules/datasources/upload.service.js';
import { datasourceTypesRoutes } from './modules/datasourcetypes/datasourcetypes.routes.js';
import { createDatasourceTypesService } from './modules/datasourcetypes/datasourcetypes.service.js';
import { demoRoutes } from './modules/demo/demo.routes.js';
import { createDemoService } from './modules/demo/demo.service.js';
import { elevationRoutes } from './modules/elevation/elevation.routes.js';
import type { ElevationService } from './modules/elevation/elevation.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { layerProxyRoute } from './modules/layers/layer-proxy.routes.js';
import { layersRoutes } from './modules/layers/layers.routes.js';
import { createLayersService } from './modules/layers/layers.service.js';
import { createCapabilities } from './modules/layers/proxy-capability.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { createMfaService } from './modules/mfa/mfa.service.js';
import { samplesRoutes } from './modules/samples/samples.routes.js';
import { createSamplesService } from './modules/samples/samples.service.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { createSitesService } from './modules/sites/sites.service.js';
import { userGroupsRoutes } from './modules/usergroups/usergroups.routes.js';
import { createUserGroupsService } from './modules/usergroups/usergroups.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.js';
import { operatorRoutes } from './operator/operator.routes.js';
import { registerWebApp, wantsAppPage } from './web-app.js';

export type BuildAppOptions = {
  /** Enables `POST /api/operator` for `npm run admin` while this server holds DATA_DIR. */
  operatorSecret?: string;
  /** Tests pass false to keep their output clean. */
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (the access matrix checks each has a rule). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the HTTP application; listening, the database's life and signals belong to main.ts. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Share tokens, proxy grants and e-mailed links' tokens travel in URLs: never into the log.
            serializers: { req: requestLogFields },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Long enough for the layer proxy's signed capabilities (modules/layers/proxy-capability.ts).
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 512 },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  rejectNullCharacters(app);

  // docs/product.md, What the product does: a host starting with www. is redirected to the bare host.
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (host && /^www\./i.test(host)) {
      reply.redirect(`${request.protocol}://${host.slice(4)}${request.url}`, 301);
      return;
    }
    done();
  });

  await app.register(helmet, {
    // The HTML's policy depends on the site (its analytics provider): set by the web app.
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Pop-ups the app opens (the ArcGIS sign-in) stay connected to it; others still cannot reach it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  const strictPolicy = contentSecurityPolicy(null);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', strictPolicy);
    done(null, payload);
  });

  // Answers above 1 KB (lists of workspaces, layer trees, GeoJSON) go compressed to clients
  // that accept it, at a level cheap enough to do per request; the web app's files are sent
  // from their precompressed copies (web-app.ts), which this leaves alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'GeoWorkspaces API', version: '1' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
    // Named schemas (the recursive layer tree) become components that $refs point to.
    transformObject: jsonSchemaTransformObject,
  });

  // Remember every route so that a known path with the wrong method answers 405, as DRF does.
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(`^${route.url.replace(/\/$/, '').replace(/:[^/]+/g, '[^/]+')}/?$`);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });

  // Identity calls share one generous ceiling per client address (counters in the database).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx.throttle),
    // Thrown by the plugin; HttpError keeps docs/api.md's error shapes (`{error}` on the login calls).
    errorResponseBuilder: (request, context) => {
      const detail = `Request was throttled. Expected available in ${Math.ceil(context.ttl / 1000)} seconds.`;
      const loginCall = request.url.startsWith('/auth/login');
      return new HttpError(429, detail, loginCall ? { error: detail } : { detail }, {
        'Retry-After': String(Math.ceil(context.ttl / 1000)),
      });
    },
  });
  const identityLimit = {
    config: {
      rateLimit: {
        max: ctx.config.authRateLimitPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: { ip: string }) => `identity:${request.ip}`,
      },
    },
  };
  registerAuthentication(app);
  // Uploads only: the file is streamed to disk by the upload service, with its own limits.
  await app.register(multipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1 } });

  const sites = createSitesService(ctx);
  const authenticate = createAuthenticator(ctx);
  const failures = createFailureGuard(ctx.throttle);
  const mfa = createMfaService(ctx, { failures, sites });
  const auth = createAuthService(ctx, { mfa, failures, sites });
  const users = createUsersService(ctx, { mfa });
  const accounts = createAccountsService(ctx);
  const workspaces = createWorkspacesService(ctx);
  const invitations = createInvitationsService(ctx, { workspaces, sites });
  const demo = createDemoService(ctx);
  const datasourceTypes = createDatasourceTypesService(ctx);
  const fetcher = ctx.fetcher ?? createUrlFetcher({ allowHosts: ctx.config.fetchAllowHosts });
  const datasources = createDatasourcesService(ctx, { accounts, workspaces });
  const arcgis = createArcgisSignInService({
    fetcher,
    datasources,
    typeKeyOf: (typeId) => (typeId === null ? undefined : datasourceTypeById(typeId)?.key),
  });
  // Inspecting a service and sampling a profile are rare calls: their parsers (fast-xml-parser,
  // proj4, geotiff, geographiclib) are loaded with the first one, not into every server's heap.
  const inspectService = loadOnce(async () =>
    (await import('./modules/datasources/inspect.service.js')).createInspectService(ctx, {
      fetcher,
      datasources,
      arcgis,
    }),
  );
  const inspect: InspectService = {
    inspect: async (...args) => (await inspectService()).inspect(...args),
  };
  const uploads = createUploadService(ctx, { accounts, datasources });
  const userGroups = createUserGroupsService(ctx, { accounts });
  const layers = createLayersService(ctx, {
    workspaces,
    datasources,
    arcgis,
    capabilities: createCapabilities(ctx.secretKey),
    sessions: createSessionCheck(ctx),
  });
  const elevationCalls = createExpensiveCalls(ctx.config.expensiveCalls, { what: 'elevation profiles' });
  const elevationService = loadOnce(async () =>
    (await import('./modules/elevation/elevation.service.js')).createElevationService(ctx, {
      workspaces,
      fetcher,
      calls: elevationCalls,
    }),
  );
  const elevation: ElevationService = {
    profile: async (...args) => (await elevationService()).profile(...args),
  };
  const dashboard = createDashboardService({
    workspaces,
    fetcher,
    calls: createExpensiveCalls(ctx.config.expensiveCalls, { what: 'dashboard checks' }),
  });

  // Every route of the API comes from the contract's endpoint table (packages/contract).
  const route = endpointRegistrar(app, authenticate);
  healthRoutes(route, { database: ctx.database });
  sitesRoutes(route, { sites });
  datasourceTypesRoutes(route, { datasourceTypes });
  authRoutes(route, { auth, authenticate, identityLimit });
  mfaRoutes(route, { mfa, identityLimit });
  usersRoutes(route, { users });
  accountsRoutes(route, { accounts });
  workspacesRoutes(route, { workspaces, authenticate });
  invitationsRoutes(route, { invitations });
  demoRoutes(route, { demo });
  datasourcesRoutes(route, {
    datasources,
    inspect,
    uploads,
    arcgis,
    expensiveCalls: createExpensiveCalls(ctx.config.expensiveCalls, {
      what: 'data source checks and uploads',
    }),
  });
  userGroupsRoutes(route, { userGroups });
  layersRoutes(route, { layers, authenticate });
  layerProxyRoute(app, {
    layers,
    fetcher,
    calls: createExpensiveCalls(ctx.config.proxyCalls, { what: 'map requests through this server' }),
  });
  samplesRoutes(route, { samples: createSamplesService(ctx, { workspaces }) });
  elevationRoutes(route, { elevation, authenticate });
  dashboardRoutes(route, { dashboard, authenticate });
  auditRoutes(route, { audit: createAuditService(ctx, { accounts }) });
  if (options.operatorSecret) await app.register(operatorRoutes, { ctx, secret: options.operatorSecret });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const sendIndex = await registerWebApp(app, ctx, sites);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) {
      const allowed = routes.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
      if (allowed.length > 0) {
        return reply
          .status(405)
          .header('Allow', [...new Set(allowed)].join(', '))
          .send({ detail: `Method "${request.method}" not allowed.` });
      }
      return reply.status(404).send({ detail: 'Not found.' });
    }
    if (wantsAppPage(request)) return sendIndex(request, reply);
    return reply.status(404).send({ detail: 'Not found.' });
  });

  return app;
}
