import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessPolicy } from '../auth/access-policy';
import type { ProblemResponder } from '../problems/problem.filter';
import type { FastAnswer, FastInput, FastRoute } from './fast-lane';
import type { OperationSpec } from './operation.decorator';
import { parseInput } from './validated-input';

export interface DirectRouteInput<P, Q> {
  params: P;
  query: Q;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface DirectRoute<P = never, Q = never> {
  method: 'GET';
  /** path below /v1 in Nest form, e.g. `courses/:courseId/maps/tiles/:zoom/:x/:y` */
  path: string;
  spec: OperationSpec;
  /**
   * Optional quick acceptance of common valid input without the schemas: the parsed input exactly
   * as the declared schemas would give it, or null to let the schemas decide (and explain). It
   * may refuse anything valid, but must never accept what the schemas refuse.
   */
  accept?(params: Record<string, string>, query: Record<string, unknown>): { params: P; query: Q } | null;
  /** sends the reply; throws an ApiProblem (or any error) to answer with a problem document */
  handle(input: DirectRouteInput<P, Q>): Promise<void>;
  /**
   * Optional: the answer from memory for the fast lane (see FastLane), exactly what handle() would
   * send, or null to let the full route answer. Synchronous and free of side effects.
   */
  answerNow?(input: FastInput): FastAnswer | null;
}

/**
 * Routes served by Fastify directly, outside Nest's router, for the hot paths where Nest's
 * per-request machinery (execution context, guard, pipe and interceptor consumers) costs more
 * than the work itself: tile delivery. They are declared with an OperationSpec like every other
 * route and run the same steps in the same order as a Nest route: AccessPolicy (credentials, rate
 * limit, scope), then params and query validated by the declared schemas, then the handler; any
 * error goes to the ProblemResponder. The route catalog, the OpenAPI document and the 405
 * answers list them with the controllers' routes.
 *
 * Feature providers add their routes in their constructors; createApiApp mounts them on Fastify
 * (mounting takes the policy and the responder as arguments: the responder depends on the route
 * catalog, which reads this registry).
 */
@Injectable()
export class DirectRoutes {
  private readonly routes: DirectRoute<unknown, unknown>[] = [];
  private mounted = false;

  add<P, Q>(route: DirectRoute<P, Q>): void {
    if (this.mounted) throw new Error(`direct route ${route.path} added after the routes were mounted`);
    if (!route.spec.params || !route.spec.query) throw new Error(`direct route ${route.path} must declare params and query schemas`);
    this.routes.push(route as unknown as DirectRoute<unknown, unknown>);
  }

  list(): readonly DirectRoute<unknown, unknown>[] {
    return this.routes;
  }

  /** The routes that the fast lane may answer, with their full URLs under `/${prefix}`. */
  fastRoutes(prefix: string): FastRoute[] {
    return this.routes.flatMap((route) => {
      const answerNow = route.answerNow?.bind(route);
      return answerNow ? [{ url: `/${prefix}/${route.path}`, spec: route.spec, answerNow }] : [];
    });
  }

  /** Registers every route on the Fastify instance under `/${prefix}`. */
  mount(fastify: FastifyInstance, prefix: string, policy: AccessPolicy, problems: ProblemResponder): void {
    this.mounted = true;
    for (const route of this.routes) {
      const { spec } = route;
      const params = spec.params!;
      const query = spec.query!;
      fastify.route({
        method: route.method,
        url: `/${prefix}/${route.path}`,
        handler: async (request, reply) => {
          try {
            await policy.check(spec, request, reply);
            const input = route.accept?.(request.params as Record<string, string>, request.query as Record<string, unknown>) ?? {
              params: parseInput(params, request.params, 'params'),
              query: parseInput(query, request.query, 'query'),
            };
            await route.handle({ ...input, request, reply });
          } catch (error) {
            problems.send(error, request, reply);
          }
        },
      });
    }
  }
}
