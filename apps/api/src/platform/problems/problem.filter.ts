import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RouteCatalogService } from '../catalog/route-catalog.service';
import { ApiConfig } from '../config/api-config';
import { ApiProblem, problemDocument } from './api-problem';
import { tooLargeCodeFor, type ProblemCode } from './problem-catalog';

/** Fastify's own errors (body parsing, limits) by their codes. */
const FASTIFY_CODES: Record<string, ProblemCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-content-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid-content-length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request-too-large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported-content-type',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported-content-type',
};

/** What the CORS set-up adds to an answer to a request with an Origin. */
const CORS_RESPONSE_HEADERS = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers'];
/**
 * A Redis client error (command timeout, connection refused or closed, retries exhausted): a
 * dependency that did not answer, which the client may retry; its text is never answered.
 */
function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (/^(Command timed out|Connection is closed|Stream isn't writeable|Reached the max retries)/.test(error.message)) return true;
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'ECONNRESET';
}

const GENERIC_BY_STATUS: Record<number, ProblemCode> = {
  400: 'invalid-request-body',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  413: 'request-too-large',
  415: 'unsupported-content-type',
  429: 'rate-limited',
  503: 'service-unavailable',
};

/**
 * Every error leaves as an RFC 9457 problem document with a stable code: ours, Nest's (unknown
 * routes), Fastify's (body parsing) and unexpected ones (500, logged, never echoed). Nest routes
 * reach it through the ProblemFilter, direct routes (DirectRoutes) call it themselves.
 */
@Injectable()
export class ProblemResponder {
  private readonly logger = new Logger('Problem');

  constructor(
    private readonly config: ApiConfig,
    private readonly routes: RouteCatalogService,
  ) {}

  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const problem = this.toProblem(exception, request, reply);
    if (problem.status >= 500) {
      this.logger.error({ requestId: request.id, code: problem.code, err: describe(exception) });
    }
    for (const [name, value] of Object.entries(problem.options.headers ?? {})) reply.header(name, value);
    if (problem.options.withholdCors) {
      // the CORS set-up may have written them to Fastify's reply or straight to the raw response
      for (const name of CORS_RESPONSE_HEADERS) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
    const body = problemDocument(problem, {
      baseUrl: this.config.publicBaseUrl,
      instance: (request.url ?? '/').split('?')[0],
      requestId: String(request.id),
    });
    if (reply.sent) return;
    reply.status(problem.status).header('content-type', 'application/problem+json; charset=utf-8').send(JSON.stringify(body));
  }

  private toProblem(exception: unknown, request: FastifyRequest, reply: FastifyReply): ApiProblem {
    if (exception instanceof ApiProblem) return exception;
    const fastifyCode = (exception as { code?: unknown })?.code;
    if (typeof fastifyCode === 'string' && FASTIFY_CODES[fastifyCode]) {
      return new ApiProblem(ownCode(FASTIFY_CODES[fastifyCode], request), (exception as Error).message);
    }
    if (isDependencyUnavailable(exception)) {
      return new ApiProblem('service-unavailable', 'A service this request needs did not answer in time; retry with backoff.', {
        headers: { 'Retry-After': '5' },
      });
    }
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: number })?.statusCode;
    if (status === 404) {
      const path = (request.url ?? '/').split('?')[0];
      const allowed = this.routes.methodsFor(path);
      if (allowed.length) {
        reply.header('Allow', allowed.join(', '));
        return new ApiProblem('method-not-allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}.`);
      }
      return new ApiProblem('not-found', `No route ${request.method} ${path.slice(0, 200)}.`);
    }
    if (status === 400 && exception instanceof Error && /Content-Length/i.test(exception.message)) {
      return new ApiProblem('invalid-content-length', 'The body length does not match Content-Length.');
    }
    if (typeof status === 'number' && status >= 400 && status < 500 && GENERIC_BY_STATUS[status]) {
      return new ApiProblem(ownCode(GENERIC_BY_STATUS[status], request), exception instanceof Error ? exception.message : 'Bad request.');
    }
    return new ApiProblem('internal-error', 'An internal error occurred.');
  }
}

/** A route's own code for a generic one (an oversized scorecard body is scorecard-request-too-large). */
function ownCode(code: ProblemCode, request: FastifyRequest): ProblemCode {
  return code === 'request-too-large' ? tooLargeCodeFor((request.url ?? '/').split('?')[0]) : code;
}

/** Nest's exception hook: every error of a Nest route goes to the ProblemResponder. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly responder: ProblemResponder) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.responder.send(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { value: String(error) };
}
