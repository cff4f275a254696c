import { FastLane } from '../../apps/api/src/platform/http/fast-lane';

export interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Compares the fast lane with the full route on a real socket: the same request once through the
 * full route (the lane is made to decline it) and once through the lane. Both must answer the same
 * status, bytes and headers (but for the date, request id and rate-limit counters; the lane takes
 * the next rate-limit slot). The lane only answers from reads younger than its freshness window,
 * so on a stalled machine the pair is tried up to three times. Call restore() when done.
 */
export function fastLaneComparison(origin: string, key: string) {
  const answer = jest.spyOn(FastLane.prototype, 'answer');
  const laneAnswered = () => answer.mock.results.at(-1)?.value as boolean;
  const fetchOnce = async (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<SocketAnswer> => {
    const response = await fetch(`${origin}${path}`, { method, headers: { 'x-api-key': key, ...headers } });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
  };
  const bothWays = async (path: string, headers: Record<string, string> = {}) => {
    let full: SocketAnswer | undefined;
    let fast: SocketAnswer | undefined;
    let attempt = 0;
    for (; attempt < 3 && !(fast && laneAnswered()); attempt++) {
      answer.mockImplementationOnce(() => false);
      full = await fetchOnce(path, headers);
      fast = await fetchOnce(path, headers);
    }
    if (!full || !fast) throw new Error('unreachable');
    expect(laneAnswered()).toBe(true);
    expect(fast.status).toBe(full.status);
    expect(fast.body.equals(full.body)).toBe(true);
    const comparable = (h: Record<string, string>) => {
      const { date, 'x-request-id': id, 'ratelimit-remaining': remaining, 'ratelimit-reset': reset, ...rest } = h;
      return rest;
    };
    expect(comparable(fast.headers)).toEqual(comparable(full.headers));
    // one slot each, counted in one sequence
    expect(Number(fast.headers['ratelimit-remaining'])).toBe(Number(full.headers['ratelimit-remaining']) - 1);
    return { full, fast, requests: 2 * attempt };
  };
  return { fetchOnce, bothWays, laneAnswered, restore: () => answer.mockRestore() };
}
