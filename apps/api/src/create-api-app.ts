import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ConsoleLogger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AccessPolicy } from './platform/auth/access-policy';
import { API_PREFIX } from './platform/catalog/route-catalog.service';
import type { ApiConfig } from './platform/config/api-config';
import { DirectRoutes } from './platform/http/direct-routes';
import { FastLane } from './platform/http/fast-lane';
import { acceptedRequestId, loggerOptions } from './platform/observability/logger-options';
import { MetricsService } from './platform/observability/metrics.service';
import { ApiProblem } from './platform/problems/api-problem';
import { ProblemResponder } from './platform/problems/problem.filter';

const EXPOSED_HEADERS = [
  'x-request-id', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After',
  'ETag', 'Cache-Status', 'Content-Range', 'Accept-Ranges', 'Deprecation', 'Link',
].join(', ');

/** Fastify's default keep-alive timeout, kept on the server created for it (serverFactory). */
const FASTIFY_KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the API application (used by main.ts and by the tests, so both run the same wiring). */
export async function createApiApp(config: ApiConfig, options: { extraModules?: Type[]; logs?: boolean } = {}): Promise<NestFastifyApplication> {
  const logs = options.logs ?? true;
  // the fast lane sees each request first; it is set once the app's providers exist
  let fastLane: FastLane | null = null;
  const adapter = new FastifyAdapter({
    serverFactory: (fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void) => {
      const server = createServer((req, res) => {
        if (!fastLane?.answer(req, res)) fastifyHandler(req, res);
      });
      // what Fastify sets on the server it creates itself
      server.keepAliveTimeout = FASTIFY_KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
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
  app.enableCors({
    // Publishable keys are checked against their exact origins by the AccessGuard; CORS only lets browsers read answers.
    // CORS headers go on CORS requests (those with an Origin) only; Vary: Origin on every answer.
    origin: (origin: string | undefined, answer: (error: Error | null, allow: boolean) => void) => answer(null, Boolean(origin)),
    allowedHeaders: ['x-api-key', 'authorization', 'content-type', 'x-request-id', 'idempotency-key', 'range', 'if-match', 'if-range', 'if-none-match', `${config.operatorToken}-scorecard-normalization-version`, `${config.operatorToken}-scorecard-processing-version`],
    // one string: @fastify/cors would join an array on every request
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance();
  const secureJsonParser = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: config.env.BODY_LIMIT_BYTES }, (request, body, done) => {
    secureJsonParser(request, String(body), (error, value) => {
      if (error) done(new ApiProblem('invalid-json', body === '' ? 'The JSON body is empty.' : 'The body is not valid JSON.'), undefined);
      else done(null, value);
    });
  });
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
