import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../problems/api-problem';

/**
 * The total time budget of a request counts from when its body has arrived. A client that
 * sends slowly is the receive timeout's business (408 request-timeout, README "Timeouts and
 * limits"); a 503 with Retry-After while the body still trickles in would blame the server
 * (issue 57). A request without a body starts its budget at once; one with a body when the body
 * has been read to its end (by the JSON parser, or by a route that streams it).
 */
export function installRequestDeadline(
  fastify: FastifyInstance,
  budgetMs: number,
  answer: (problem: ApiProblem, request: FastifyRequest, reply: FastifyReply) => void,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (timer || reply.sent) return;
      timer = setTimeout(() => {
        if (reply.sent) return;
        const problem = new ApiProblem('request-deadline-exceeded', `The request did not finish within ${Math.round(budgetMs / 1000)} s of its arrival.`, {
          headers: { 'Retry-After': '5' },
        });
        answer(problem, request, reply);
      }, budgetMs);
      timer.unref();
    };
    if (request.raw.complete || !carriesBody(request)) arm();
    else request.raw.once('end', arm);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      request.raw.removeListener('end', arm);
    });
    done();
  });
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
