import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../auth/access-policy';
import { acceptedRequestId } from '../observability/logger-options';
import type { LatencySeries } from '../observability/latency-histogram';
import type { MetricsService } from '../observability/metrics.service';
import type { OperationSpec } from './operation.decorator';

/**
 * What a fast route sees of a request: path params and query as Fastify would parse them, and the
 * headers. Params and query are frozen objects shared by every request with the same path or query
 * string, so routes may remember what they make of them per object (WeakMap).
 */
export interface FastInput {
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  headers: IncomingHttpHeaders;
}

/** A complete answer: status, the route's own headers (lowercase names) and the body. */
export interface FastAnswer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FastRoute {
  /** the route as Fastify knows it, e.g. `/v1/courses/:courseId/maps/tiles/:zoom/:x/:y` (also the metrics label) */
  url: string;
  spec: OperationSpec;
  /** the answer from what is in memory, exactly as the full route would give it, or null to let the full route answer */
  answerNow(input: FastInput): FastAnswer | null;
}

export interface FastLaneOptions {
  routes: FastRoute[];
  policy: AccessPolicy;
  metrics: MetricsService;
  /** the Access-Control-Expose-Headers value of the CORS set-up (sent with Access-Control-Allow-Origin to requests with an Origin, as the CORS set-up does) */
  exposedHeaders: string;
  /** Fastify's trustProxy: whether the logged client address comes from X-Forwarded-For */
  trustProxy: boolean;
  /** Fastify's logger: the fast lane logs the same two request lines Fastify does */
  log: FastifyBaseLogger;
}

interface CompiledRoute extends FastRoute {
  /** literal path segments, and null where a parameter stands */
  segments: (string | null)[];
  names: string[];
  /** the latency series of each status answered */
  latency: Map<number, LatencySeries>;
}

/** Query strings the fast lane parses itself: plain name=value pairs that every URL decoder reads the same way. */
const PLAIN_QUERY = /^(?:[A-Za-z0-9._~:-]+=[A-Za-z0-9._~:-]*)(?:&[A-Za-z0-9._~:-]+=[A-Za-z0-9._~:-]*)*$/;
/** Path parameters the fast lane takes as they stand: nothing a decoder would change. */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~:-]{1,200}$/;
const trustAll = () => true;
const QUERY_CACHE_LIMIT = 1000;
/** Paths whose match is remembered (a map view's tiles repeat); past this many the least recently used leave first. */
const MATCH_CACHE_LIMIT = 10_000;
/** Longer paths are matched every time, so the remembered ones hold at most a few MiB. */
const MATCH_CACHE_PATH_LENGTH = 300;

type Match = { route: CompiledRoute; params: Readonly<Record<string, string>> };
const NO_QUERY: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

/**
 * The fast lane: answers the repeated, successful requests of the busiest routes (map tiles)
 * straight on Node's HTTP server, before Fastify, synchronously and from memory only. Everything
 * else it declines, and Fastify's full route answers as usual: a first request, anything it would
 * refuse (no key, an unknown key verdict, a problem of any kind), unusual URLs or methods, a rate
 * limit that needs Redis. Declining happens before any side effect, so the full route sees the
 * request as if the fast lane did not exist.
 *
 * What the full pipeline adds to every answer it adds too, from the same sources: the request id,
 * the CORS headers of the app's set-up, AccessPolicy's admission and RateLimit headers (from a
 * rate-limit lease already held), the latency metric under the route's pattern, and Fastify's two
 * request log lines. A medium test holds its answers to the full route's (headers and bytes).
 *
 * Why: on one core, Fastify's per-request pipeline (request and reply objects, hooks, child
 * logger, async steps) costs about as much again as Node's HTTP handling itself; tiles come by
 * the dozen per map view (bench:tiles measures the route against nginx).
 */
export class FastLane {
  private readonly routes: CompiledRoute[];
  private closed = false;
  /** Parsed query strings and path matches; `false` remembers that there is none (a cache holds no null). */
  private readonly queries = new LRUCache<string, Readonly<Record<string, string>> | false>({ max: QUERY_CACHE_LIMIT });
  private readonly matches = new LRUCache<string, Match | false>({ max: MATCH_CACHE_LIMIT });
  /** answers given by the fast lane (the rest went to Fastify) */
  answered = 0;

  constructor(private readonly options: FastLaneOptions) {
    this.routes = options.routes.map((route) => {
      const segments = route.url.split('/').map((s) => (s.startsWith(':') ? null : s));
      return {
        ...route,
        segments,
        names: route.url
          .split('/')
          .filter((s) => s.startsWith(':'))
          .map((s) => s.slice(1)),
        latency: new Map(),
      };
    });
  }

  /** After this, every request goes to Fastify (which answers 503 while closing). */
  close(): void {
    this.closed = true;
  }

  /**
   * Answers the request and returns true, or returns false having sent nothing (Fastify answers
   * then). A failure before anything was sent is logged and left to Fastify too.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      return this.tryAnswer(req, res);
    } catch (error) {
      this.options.log.error({ err: error, url: req.url?.split('?')[0] }, 'fast lane failed; the full route answers');
      return res.headersSent;
    }
  }

  private tryAnswer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closed || req.method !== 'GET' || this.routes.length === 0) return false;
    const started = performance.now();
    const url = req.url!;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? NO_QUERY : this.parsedQuery(url.slice(q + 1));
    if (!query) return false;
    const match = this.match(path);
    if (!match) return false;
    const { route, params } = match;
    const input: FastInput = { params, query, headers: req.headers };
    const admission = this.options.policy.admitNow(route.spec, input);
    if (!admission) return false;
    const answer = route.answerNow(input);
    if (!answer) return false;
    // the last step that can decline: after it, the request is counted and answered here
    const rateLimit = this.options.policy.takeSlotNow(admission);
    if (!rateLimit) return false;

    const id = acceptedRequestId(req.headers['x-request-id']) ?? randomUUID();
    const logged = this.logRequests();
    if (logged) this.options.log.info({ reqId: id, req: { method: req.method, url, ip: this.clientAddress(req), headers: req.headers } }, 'incoming request');
    const headers: string[] = ['vary', 'Origin'];
    const origin = req.headers.origin;
    if (origin) headers.push('access-control-allow-origin', origin, 'access-control-expose-headers', this.options.exposedHeaders);
    headers.push('x-request-id', id);
    for (const name in rateLimit) headers.push(name, rateLimit[name]);
    for (const name in answer.headers) headers.push(name, answer.headers[name]);
    if (answer.body) headers.push('content-length', String(answer.body.length));
    spareDraining(req);
    res.writeHead(answer.status, headers);
    endInChunks(res, answer.body);
    this.answered++;
    const elapsed = performance.now() - started;
    let latency = route.latency.get(answer.status);
    if (!latency) route.latency.set(answer.status, (latency = this.options.metrics.httpLatency('GET', route.url, answer.status)));
    latency.observe(elapsed / 1000);
    if (logged) this.options.log.info({ reqId: id, res: { statusCode: answer.status }, responseTime: elapsed }, 'request completed');
    return true;
  }

  /** Parsed query strings: the tiles of one map view share theirs (revision, size, format), so most are parsed once. */
  private parsedQuery(search: string): Record<string, string> | null {
    let query = this.queries.get(search);
    if (query === undefined) {
      query = parseQuery(search) ?? false;
      this.queries.set(search, query);
    }
    return query || null;
  }

  /** The route and frozen params of a path (remembered: the same path, the same objects), or null. */
  private match(path: string): Match | null {
    if (path.length > MATCH_CACHE_PATH_LENGTH) return this.matchRoute(path);
    let match = this.matches.get(path);
    if (match === undefined) {
      match = this.matchRoute(path) ?? false;
      this.matches.set(path, match);
    }
    return match || null;
  }

  private matchRoute(path: string): Match | null {
    const parts = path.split('/');
    for (const route of this.routes) {
      const { segments } = route;
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let p = 0;
      let matched = true;
      for (let i = 0; i < segments.length && matched; i++) {
        const literal = segments[i];
        if (literal === null) {
          matched = PLAIN_SEGMENT.test(parts[i]);
          params[route.names[p++]] = parts[i];
        } else {
          matched = literal === parts[i];
        }
      }
      if (matched) return { route, params: Object.freeze(params) };
    }
    return null;
  }

  private logRequests(): boolean {
    const log = this.options.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    return typeof log.isLevelEnabled === 'function' && log.isLevelEnabled('info');
  }

  /** The client address as Fastify's request.ip gives it. */
  private clientAddress(req: IncomingMessage): string | undefined {
    if (!this.options.trustProxy) return req.socket.remoteAddress;
    const addresses = proxyAddr.all(req, trustAll);
    return addresses[addresses.length - 1];
  }
}

/**
 * Spares Node the draining of an answered request that has no body. Node drains every request
 * its handler did not read once the answer is sent (IncomingMessage._dump(): resume, read to the
 * end, destroy, several ticks; about 2 us of a fast-lane tile's ~33 us here). A GET without
 * Content-Length or Transfer-Encoding has no body bytes to pull off the wire, so it is marked
 * drained with the flag _dump() itself sets; its stream then never emits 'end' or 'close', which
 * nothing listens for here. Requests that may carry a body are drained as usual. Where Node has
 * no such flag (a future version), nothing is set and Node drains as before.
 */
function spareDraining(req: IncomingMessage): void {
  const message = req as IncomingMessage & { _dumped?: unknown };
  if (typeof message._dumped === 'boolean' && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    message._dumped = true;
}

/**
 * Frozen name=value pairs of a query string made only of unreserved characters (and ':'), with no name
 * twice: what Fastify's parser would return for it. Null for anything else (percent or plus
 * signs, repeated or bare names), which the fast lane leaves to Fastify.
 */
export function parseQuery(search: string): Record<string, string> | null {
  if (search === '') return NO_QUERY;
  if (search.length > 1000 || !PLAIN_QUERY.test(search)) return null;
  // no prototype: names such as `constructor` are ordinary names, as in Fastify's parser
  const query = Object.create(null) as Record<string, string>;
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    if (name in query) return null;
    query[name] = pair.slice(eq + 1);
  }
  return Object.freeze(query);
}

/**
 * Largest piece of a body written in one go. One write of a whole directory (0.6 MB of gzip at
 * 40,000 courses) holds the event loop for the kernel's copy of all of it; in pieces, one per turn
 * of the loop (or per 'drain' when the socket is full), requests that arrive meanwhile (a course
 * summary) wait for one piece at most.
 */
export const BODY_PIECE_BYTES = 64 * 1024;

/** Ends `res` with `body`: at once when small, else BODY_PIECE_BYTES at a time, yielding to the event loop between pieces. */
export function endInChunks(res: ServerResponse, body: Buffer | undefined): void {
  if (!body || body.length <= BODY_PIECE_BYTES) {
    res.end(body);
    return;
  }
  let offset = 0;
  const next = (): void => {
    if (res.destroyed) return; // the client went away: nothing more to send
    const piece = body.subarray(offset, (offset += BODY_PIECE_BYTES));
    if (offset >= body.length) res.end(piece);
    else if (res.write(piece)) setImmediate(next);
    // a write the socket took at once reports 'drain' on the same turn (process.nextTick): yield there too
    else res.once('drain', () => setImmediate(next));
  };
  next();
}
