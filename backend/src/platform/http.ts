import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isWebRoute } from '@app/contracts/web-routes';
import { isTransientError } from '@app/projections/runtime/transient';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { ConcurrencyError } from '../eventstore/port.ts';
import { appPage } from '../web/app-page.ts';
import { type Config, cardPaymentsConfigured } from './config.ts';
import type { AppDeps } from './deps.ts';
import { DomainError } from './errors.ts';
import { applyInputRules } from './input-rules.ts';

// Long enough that a busy process, whose timers fire before the answer already waiting is read, does not skip
// limits that Redis did count; short enough that a hung Redis holds a sign-in for a second at most.
const RATE_LIMIT_REDIS_TIMEOUT_MS = 1000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Vite names every file under `assets/` by a hash of its content: a browser (or a proxy) may keep it for a year
 * without asking again. Everything else (index.html, the icons) is checked each time (ETag, Last-Modified).
 */
export const cacheControlFor = (webRoot: string, file: string) =>
  relative(webRoot, file).split(sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';

import { bodyDeadline } from './request-deadline.ts';
import { requestLogSerializers } from './request-log.ts';

export const WS_MAX_PAYLOAD = 64 * 1024;

function validationMessage(err: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const first = err.validation[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `${field}: ${first?.message ?? 'is invalid'}` : (first?.message ?? 'Invalid request');
}

/** The live socket's own origin (ws: or wss: of the host asked for); only 'self' when the Host header is odd. */
const sameHostSocket = (scheme: 'ws' | 'wss') => (req: IncomingMessage) => {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? `${scheme}://${host}` : "'self'";
};

/**
 * A strict policy: only this origin's files, no inline script, never framed (the browser tests run under it).
 * Where card payments are set up (STRIPE_* keys), Stripe.js, its card frames and its API are allowed too: the
 * invoice page's card form is Stripe's own script and frames.
 */
function cspDirectives(cardPayments: boolean) {
  const stripe = (...sources: string[]) => (cardPayments ? sources : []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe('https://js.stripe.com')],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...stripe('https://*.stripe.com')],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", sameHostSocket('ws'), sameHostSocket('wss'), ...stripe('https://api.stripe.com')],
    objectSrc: ["'none'"],
    // The document preview shows a fetched PDF (files need the bearer token) in a frame of a blob: address.
    frameSrc: ["'self'", 'blob:', ...stripe('https://js.stripe.com', 'https://hooks.stripe.com')],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** TRUST_PROXY as fastify takes it; a number of proxies becomes the hop test fastify makes of one itself. */
const trustProxy = (trust: Config['TRUST_PROXY']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * The HTTP floor every slice stands on: external plugins, one error handler, the web app's files. It knows
 * no slice; `processes/app.ts` registers their routes on it.
 */
export async function createHttp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const { logger, ...rest } = options;
  const app = Fastify({
    // A caller may add a stream or a level; the redacting serializers stay unless it replaces them.
    logger:
      logger === false
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            serializers: requestLogSerializers,
            ...(typeof logger === 'object' ? logger : {}),
          },
    trustProxy: trustProxy(deps.config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    // Node's own bounds: the whole request (headers and body) and an idle socket; bodyDeadline cuts sooner.
    requestTimeout: deps.config.UPLOAD_TIMEOUT_MS,
    connectionTimeout: deps.config.UPLOAD_TIMEOUT_MS,
    ...rest,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', bodyDeadline(deps.config));
  app.setValidatorCompiler(validatorCompiler);
  applyInputRules(app);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  // helmet's middleware is made once here; @fastify/helmet made it again, CSP parsing included, for every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(cardPaymentsConfigured(deps.config)),
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  // Rate limits on their own connection that never waits: when Redis cannot answer within a second the limit is
  // not applied (fail open, logged) rather than holding a sign-in or the public form until Redis is back.
  const limits = deps.redis.duplicate({
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
  });
  limits.on('error', () => undefined); // reconnects by itself; each refused command is logged by the limiter
  app.addHook('onClose', async () => limits.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis: limits,
    skipOnError: true,
    nameSpace: `${deps.config.REDIS_NAMESPACE}:rate-limit:`,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'rate_limited',
      message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  // No client message is larger than a few kilobytes; a bigger frame closes the socket (1009).
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  // Uploads are read by the route that wants them (request.file), which sets its own size limit;
  // these defaults only bound what a route forgets to limit.
  await app.register(multipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ error: 'validation_error', message: validationMessage(err) });
    }
    if (err instanceof DomainError)
      return reply.code(err.status).send({ ...err.details, error: err.code, message: err.message });
    if (err instanceof ConcurrencyError) {
      // Decided again many times and still beaten by other changes (a person's stale copy is a DomainError 409
      // instead): nothing was changed, and asking again in a moment is safe.
      request.log.warn({ stream: err.stream }, 'command lost every race on its stream');
      return reply.code(503).header('retry-after', '1').send({
        error: 'busy',
        message: 'Many changes are being made to this record right now. Please try again in a moment.',
      });
    }
    if (err.statusCode === 429) return reply.code(429).send({ error: 'rate_limited', message: err.message });
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      !isResponseSerializationError(err)
    ) {
      return reply.code(err.statusCode).send({ error: err.code ?? 'bad_request', message: err.message });
    }
    if (isTransientError(err)) {
      // The database (or another store) is briefly out of reach: nothing was changed, so asking again is safe.
      request.log.warn({ err }, 'request failed: a store is unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
        error: 'unavailable',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
    }
    request.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send({ error: 'internal_error', message: `Something went wrong (request ${request.id}).` });
  });
  // The built web app is served from the same origin. Its pages get index.html (client routing); any other
  // page address gets it too, so the app shows its 404 page, but with status 404.
  const webRoot = fileURLToPath(new URL('../../../frontend/dist', import.meta.url));
  const serveWeb = existsSync(`${webRoot}/index.html`);
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build's .br and .gz beside each file, as the browser accepts (Vary: Accept-Encoding).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', cacheControlFor(webRoot, path));
        // Caches keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  const page = serveWeb ? appPage(deps, webRoot) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (page && request.method === 'GET' && !path.startsWith('/api/') && path !== '/ws') {
      return page(request, reply.code(isWebRoute(path) ? 200 : 404));
    }
    return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
  });

  return app;
}
