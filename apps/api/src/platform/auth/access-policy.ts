import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeKey } from '@caddie/access';
import { ApiConfig } from '../config/api-config';
import type { OperationSpec } from '../http/operation.decorator';
import { ApiProblem } from '../problems/api-problem';
import { RateLimiterService } from '../rate-limit/rate-limiter.service';
import { ApiKeysService } from './api-keys.service';

/** Query parameter names that would carry a credential; any value shaped like a key counts too. */
const CREDENTIAL_PARAMETERS = new Set([
  'api_key', 'apikey', 'api-key', 'x-api-key', 'key', 'token', 'access_token', 'auth', 'authorization', 'bearer',
]);

/**
 * Authentication, rate limiting and authorization of a request for one operation, in that order,
 * as the spec's Authentication section describes. Rate limiting comes before the 401/403 answers
 * so that guessing keys is throttled per client address. Nest routes reach it through the
 * AccessGuard, direct routes (DirectRoutes) call it themselves.
 */
@Injectable()
export class AccessPolicy {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly rateLimiter: RateLimiterService,
    private readonly config: ApiConfig,
  ) {}

  /** Throws the problem that refuses the request; sets the RateLimit headers and `request.principal`. */
  async check(spec: OperationSpec, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.refuseCredentialInQuery(request);
    const key = this.presentedKey(request);
    const verdict = key && spec.access !== 'public' ? await this.keys.verify(key) : null;
    const principal = verdict?.status === 'valid' ? verdict.principal : null;

    const limit = principal
      ? (principal.rateLimitPerMinute ?? this.config.env.RATE_LIMIT_PER_MINUTE)
      : this.config.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
    const decision = await this.rateLimiter.consume(principal ? `key:${principal.keyId}` : `ip:${request.ip}`, limit);
    reply.header('RateLimit-Policy', `${decision.limit};w=60`);
    reply.header('RateLimit-Limit', String(decision.limit));
    reply.header('RateLimit-Remaining', String(decision.remaining));
    reply.header('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new ApiProblem('rate-limited', `More than ${decision.limit} requests in one minute.`, {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
    if (spec.access === 'public') return;

    if (!key) throw new ApiProblem('missing-credential', 'This operation needs an API key in x-api-key or Authorization: Bearer.');
    if (!principal) {
      throw new ApiProblem('invalid-credential', verdict?.status === 'revoked' ? 'The API key was revoked.' : 'The API key is not valid.');
    }
    const origin = request.headers.origin;
    if (spec.access === 'private-key') {
      if (principal.publishable) throw new ApiProblem('publishable-key-not-allowed', 'This endpoint needs a private key.');
      if (origin !== undefined) {
        throw new ApiProblem('browser-origin-not-allowed', 'This endpoint is server-to-server and refuses requests with an Origin header.');
      }
    }
    let required = spec.scope;
    if (principal.publishable) {
      if (!origin) throw new ApiProblem('origin-not-allowed', 'A publishable key needs the Origin header of a licensed browser origin.');
      if (!principal.origins.includes(origin)) {
        throw new ApiProblem('origin-not-allowed', `Origin ${origin.slice(0, 200)} is not licensed for this key.`);
      }
      required = spec.browserScope ?? spec.scope;
    }
    if (required && !principal.scopes.includes(required)) {
      throw new ApiProblem('insufficient-scope', `This operation needs the ${required} scope.`, { extras: { requiredScope: required } });
    }
    request.principal = principal;
  }

  private refuseCredentialInQuery(request: FastifyRequest): void {
    const query = (request.query ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      if (
        CREDENTIAL_PARAMETERS.has(name.toLowerCase()) ||
        values.some((v) => typeof v === 'string' && looksLikeKey(v, this.config.operatorToken))
      ) {
        throw new ApiProblem('credential-in-query', `Query parameter "${name.slice(0, 64)}" carries a credential; send keys only in headers.`);
      }
    }
  }

  private presentedKey(request: FastifyRequest): string | null {
    const header = request.headers['x-api-key'];
    if (Array.isArray(header)) throw new ApiProblem('ambiguous-credential', 'Send one x-api-key header.');
    const authorization = request.headers.authorization;
    let bearer: string | undefined;
    if (authorization !== undefined) {
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
      if (!match) throw new ApiProblem('invalid-credential', 'Authorization must be "Bearer <API key>".');
      bearer = match[1];
    }
    if (header !== undefined && bearer !== undefined && header.trim() !== bearer) {
      throw new ApiProblem('ambiguous-credential', 'x-api-key and Authorization carry different keys.');
    }
    const key = (header ?? bearer)?.trim();
    return key ? key : null;
  }
}
