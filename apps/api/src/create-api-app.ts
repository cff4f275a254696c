import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ConsoleLogger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module';
import { ConsoleRoutes } from './console/console-routes';
import { isConsolePath } from './console/console-cookie';
import { AccessPolicy } from './platform/auth/access-policy';
import { API_PREFIX } from './platform/catalog/route-catalog.service';
import type { ApiConfig } from './platform/config/api-config';
import { DirectRoutes } from './platform/http/direct-routes';
import { FastLane } from './platform/http/fast-lane';
import { jsonDepthProblem } from './platform/http/json-body-depth';
import { installRequestDeadline } from './platform/http/request-deadline';
import { acceptedRequestId, loggerOptions } from './platform/observability/logger-options';
import { MetricsService } from './platform/observability/metrics.service';
import { ApiProblem } from './platform/problems/api-problem';
import { ProblemResponder } from './platform/problems/problem.filter';
import { applyServerTimeouts, clientErrorResponder, frameworkErrorProblem, TIMEOUT_CHECK_INTERVAL_MS } from './platform/http/transport-limits';

const EXPOSED_HEADERS = [
  'x-request-id',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'ETag',
  'Cache-Status',
  'Content-Range',
  'Accept-Ranges',
  'Deprecation',
  'Link',
  'X-Caddie-Catalog-Change',
].join(', ');

/**
 * Total time budget of one request once received (body included): the longest wait a route may take (a render
 * up to RENDER_WAIT_MS, a scorecard up to its deadline) plus this margin for the work around it.
 * A request still unanswered then gets 503 request-deadline-exceeded.
 */
const REQUEST_BUDGET_MARGIN_MS = 10_000;

/** Builds the API application (used by main.ts and by the tests, so both run the same wiring). */
export async function createApiApp(
  config: ApiConfig,
  /** requestBudgetMs replaces the derived budget (tests that need the deadline within seconds) */
  options: { extraModules?: Type[]; logs?: boolean; requestBudgetMs?: number } = {},
): Promise<NestFastifyApplication> {
  const logs = options.logs ?? true;
  // the fast lane sees each request first; it is set once the app's providers exist
  let fastLane: FastLane | null = null;
  let responder: ProblemResponder | null = null;
  const receive = { headersTimeoutMs: config.env.HEADERS_TIMEOUT_MS, requestTimeoutMs: config.env.REQUEST_RECEIVE_TIMEOUT_MS };
  const adapter = new FastifyAdapter({
    serverFactory: (fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void) => {
      const server = createServer({ connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS }, (req, res) => {
        if (!fastLane?.answer(req, res)) fastifyHandler(req, res);
      });
      applyServerTimeouts(server, receive);
      return server;
    },
    // Node's parser errors and Fastify's router errors leave as problem documents too
    clientErrorHandler: clientErrorResponder(config.publicBaseUrl, receive),
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => responder!.send(frameworkErrorProblem(error), request, reply),
    logger: logs ? loggerOptions(config.env.LOG_LEVEL, config.operatorToken) : false,
    genReqId: (req: { headers: Record<string, unknown> }) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
    bodyLimit: config.env.BODY_LIMIT_BYTES,
    trustProxy: config.env.TRUST_PROXY,
    // signed artifact tokens and render ids are longer than Fastify's default 100
    routerOptions: { maxParamLength: 512 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options.extraModules), adapter, {
    logger: logs ? new ConsoleLogger({ json: true, logLevels: ['log', 'error', 'warn'] }) : false,
    abortOnError: false,
    // our own JSON parser below answers malformed bodies with a problem code
    bodyParser: false,
  });
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health', 'ready', 'metrics', 'docs', 'docs/assets/:file'] });
  const corsOptions = {
    // Publishable keys are checked against their exact origins by the AccessGuard; CORS only lets browsers read answers.
    // CORS headers go on CORS requests (those with an Origin) only; Vary: Origin on every answer.
    origin: (origin: string | undefined, answer: (error: Error | null, allow: boolean) => void) => answer(null, Boolean(origin)),
    allowedHeaders: [
      'x-api-key',
      'authorization',
      'content-type',
      'x-request-id',
      'idempotency-key',
      'range',
      'if-match',
      'if-range',
      'if-none-match',
      `${config.operatorToken}-scorecard-normalization-version`,
      `${config.operatorToken}-scorecard-processing-version`,
    ],
    // one string: @fastify/cors would join an array on every request
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  };
  // The console is same-origin only: its session cookie must never be usable from another site's
  // script, so /console answers (preflights included) carry no CORS headers whatever the Origin.
  const corsDelegate = (request: FastifyRequest, resolve: (error: Error | null, options: typeof corsOptions | { origin: false }) => void) =>
    resolve(null, isConsolePath(request.url) ? { origin: false } : corsOptions);
  // Nest passes a two-argument function to @fastify/cors as its per-request options delegate
  app.enableCors(corsDelegate as unknown as Parameters<typeof app.enableCors>[0]);
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  const secureJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.env.BODY_LIMIT_BYTES }, (request, body, done) => {
    secureJsonParser(request, String(body), (error, value) => {
      if (error) done(new ApiProblem('invalid-json', body === '' ? 'The JSON body is empty.' : 'The body is not valid JSON.'), undefined);
      else {
        const tooDeep = jsonDepthProblem(value);
        if (tooDeep) done(tooDeep, undefined);
        else done(null, value);
      }
    });
  });
  responder = app.get(ProblemResponder);
  const budgetMs =
    Math.max(config.env.RENDER_WAIT_MS, config.env.SCORECARD_PROCESS_DEADLINE_MS, config.env.SCORECARD_NORMALIZE_DEADLINE_MS) + REQUEST_BUDGET_MARGIN_MS;
  installRequestDeadline(fastify, options.requestBudgetMs ?? budgetMs, (problem, request, reply) => responder!.send(problem, request, reply));
  const metrics = app.get(MetricsService);
  // callback hooks: they run on every request, and an async hook costs a promise each time
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  await app.get(ConsoleRoutes).mount(fastify, responder!);
  const directRoutes = app.get(DirectRoutes);
  const policy = app.get(AccessPolicy);
  directRoutes.mount(fastify, API_PREFIX, policy, app.get(ProblemResponder));
  const lane = new FastLane({
    routes: directRoutes.fastRoutes(API_PREFIX),
    policy,
    metrics,
    exposedHeaders: EXPOSED_HEADERS,
    trustProxy: config.env.TRUST_PROXY,
    log: fastify.log,
  });
  fastify.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  fastLane = lane;
  return app;
}
