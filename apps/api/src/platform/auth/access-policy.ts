import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeKey } from '@caddie/access';
import { ApiConfig } from '../config/api-config';
import type { OperationSpec } from '../http/operation.decorator';
import { perFrozenInput } from '../http/per-frozen-input';
import { ApiProblem } from '../problems/api-problem';
import { RateLimiterService, type RateLimitDecision } from '../rate-limit/rate-limiter.service';
import { ApiKeysService, type KeyVerdict } from './api-keys.service';
import type { Principal } from './principal';

/** What the policy reads of a request: Fastify's request, or the fast lane's view of a raw one. */
export interface RequestFacts {
  headers: IncomingHttpHeaders;
  query: unknown;
}

/** A request admitted by admitNow(): whose it is and which rate-limit bucket it counts against. */
export interface Admission {
  principal: Principal;
  bucket: string;
  limit: number;
}

/** The RateLimit response headers of a decision (IETF draft names, as every route sends them). */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-policy': `${decision.limit};w=60`,
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
}

/** Query parameter names that would carry a credential; any value shaped like a key counts too. */
const CREDENTIAL_PARAMETERS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key', 'key', 'token', 'access_token', 'auth', 'authorization', 'bearer']);

/**
 * Authentication, rate limiting and authorization of a request for one operation, in that order,
 * as the spec's Authentication section describes. Rate limiting comes before the 401/403 answers
 * so that guessing keys is throttled per client address. Nest routes reach it through the
 * AccessGuard, direct routes (DirectRoutes) call it themselves.
 */
@Injectable()
export class AccessPolicy {
  /** refuseCredentialInQuery, once per frozen query (the fast lane's, shared by the tiles of a map view) */
  private readonly refuseCredentialInQueryNow = perFrozenInput((query: object) => this.refuseCredentialInQuery(query));
  /** admitNow()'s answer per principal, whose bucket and limit never change */
  private readonly admissions = new WeakMap<Principal, Admission>();

  constructor(
    private readonly keys: ApiKeysService,
    private readonly rateLimiter: RateLimiterService,
    private readonly config: ApiConfig,
  ) {}

  /** Throws the problem that refuses the request; sets the RateLimit headers and `request.principal`. */
  async check(spec: OperationSpec, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = this.presentedCredential(request);
    const verdict = key ? await this.keys.verify(key) : null;
    // A public route counts a valid key against the key's own limit (not the client address's);
    // a publishable key only from one of its origins. An invalid key there is simply ignored.
    const valid = verdict?.status === 'valid' ? verdict.principal : null;
    const principal = valid && (spec.access !== 'public' || !valid.publishable || valid.origins.includes(request.headers.origin ?? '')) ? valid : null;

    const limit = principal ? (principal.rateLimitPerMinute ?? this.config.env.RATE_LIMIT_PER_MINUTE) : this.config.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
    const decision = await this.rateLimiter.consume(principal ? `key:${principal.keyId}` : `ip:${request.ip}`, limit);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw new ApiProblem('rate-limited', `More than ${decision.limit} requests in one minute.`, {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
    if (spec.access === 'public') return;
    const refusal = this.refusal(spec, key, verdict, request.headers.origin);
    if (refusal) throw refusal;
    request.principal = principal!;
  }

  /**
   * The same checks without waiting, for the fast lane: the admission of a request with a key
   * whose verdict is cached and that check() would let through, or null for anything else (no
   * credential, an unknown verdict, any refusal). Takes no rate-limit slot: takeSlotNow() does,
   * once the route knows it can answer.
   */
  admitNow(spec: OperationSpec, request: RequestFacts): Admission | null {
    if (spec.access === 'public') return null;
    let key: string | null;
    try {
      if (typeof request.query === 'object' && request.query !== null) this.refuseCredentialInQueryNow(request.query);
      key = this.presentedKey(request);
    } catch {
      return null;
    }
    const verdict = key ? this.keys.verdictNow(key) : undefined;
    if (verdict?.status !== 'valid' || this.refusal(spec, key, verdict, request.headers.origin)) return null;
    const { principal } = verdict;
    let admission = this.admissions.get(principal);
    if (!admission) {
      admission = { principal, bucket: `key:${principal.keyId}`, limit: principal.rateLimitPerMinute ?? this.config.env.RATE_LIMIT_PER_MINUTE };
      this.admissions.set(principal, admission);
    }
    return admission;
  }

  /** The admitted request's rate-limit slot from a lease already held: its RateLimit headers, or null (then check() decides). */
  takeSlotNow(admission: Admission): Record<string, string> | null {
    const decision = this.rateLimiter.takeNow(admission.bucket, admission.limit);
    return decision && rateLimitHeaders(decision);
  }

  /** The credential presented in the headers, after refusing one in the query string. */
  private presentedCredential(request: RequestFacts): string | null {
    this.refuseCredentialInQuery(request.query);
    return this.presentedKey(request);
  }

  /** Why a request with this key and verdict may not run the operation, or null when it may. */
  private refusal(spec: OperationSpec, key: string | null, verdict: KeyVerdict | null | undefined, origin: string | undefined): ApiProblem | null {
    if (!key) return new ApiProblem('missing-credential', 'This operation needs an API key in x-api-key or Authorization: Bearer.');
    if (verdict?.status !== 'valid') {
      return new ApiProblem('invalid-credential', verdict?.status === 'revoked' ? 'The API key was revoked.' : 'The API key is not valid.');
    }
    const { principal } = verdict;
    if (spec.access === 'private-key') {
      if (principal.publishable) return new ApiProblem('publishable-key-not-allowed', 'This endpoint needs a private key.');
      if (origin !== undefined) {
        return new ApiProblem('browser-origin-not-allowed', 'This endpoint is server-to-server and refuses requests with an Origin header.', {
          withholdCors: true,
        });
      }
    }
    // Browser use of a route with a licensed browser scope is for publishable keys only: a private
    // key seen with an Origin has leaked into a page, so the browser is refused and not told why.
    if (spec.browserScope && !principal.publishable && origin !== undefined) {
      return new ApiProblem(
        'browser-origin-not-allowed',
        `Browser requests need a publishable key with the ${spec.browserScope} scope and a licensed origin; private keys are server-only and refused with an Origin header.`,
        { withholdCors: true },
      );
    }
    let required = spec.scope;
    if (principal.publishable) {
      if (!origin) return new ApiProblem('origin-not-allowed', 'A publishable key needs the Origin header of a licensed browser origin.');
      if (!principal.origins.includes(origin)) {
        return new ApiProblem('origin-not-allowed', `Origin ${origin.slice(0, 200)} is not licensed for this key.`);
      }
      required = spec.browserScope ?? spec.scope;
    }
    if (required && !principal.scopes.includes(required)) {
      return new ApiProblem('insufficient-scope', `This operation needs the ${required} scope.`, { extras: { requiredScope: required } });
    }
    return null;
  }

  private refuseCredentialInQuery(query: unknown): void {
    for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || values.some((v) => typeof v === 'string' && looksLikeKey(v, this.config.operatorToken))) {
        throw new ApiProblem('credential-in-query', `Query parameter "${name.slice(0, 64)}" carries a credential; send keys only in headers.`);
      }
    }
  }

  private presentedKey(request: RequestFacts): string | null {
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
