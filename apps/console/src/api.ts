/** Calls to the console routes (`/console/api/...`): the session cookie rides along, never a key. */

export interface Problem {
  status: number;
  title: string;
  detail: string;
  code?: string;
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.title}: ${problem.detail}`);
  }
}

export interface Session {
  organization: { id: string; name: string };
  expiresAt: string;
  csrfToken: string;
}

let csrfToken = '';

export const API = '/console/api';

/** A problem document from a failed answer (or one made up when the body is not one). */
export async function problemOf(response: Response): Promise<Problem> {
  try {
    const body = await response.json();
    if (body && typeof body.title === 'string') return { status: response.status, title: body.title, detail: String(body.detail ?? ''), code: body.code };
  } catch {
    // not JSON
  }
  return { status: response.status, title: `HTTP ${response.status}`, detail: response.statusText || 'The server answered without a problem document.' };
}

/** fetch() that throws a ProblemError for any answer that is not 2xx; state-changing calls carry the CSRF token. */
export async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method !== 'GET') headers.set('x-csrf-token', csrfToken);
  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `${API}/${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new ProblemError({ status: 0, title: 'Network error', detail: (error as Error).message });
  }
  if (!response.ok) throw new ProblemError(await problemOf(response));
  return response;
}

export async function getJson<T>(path: string): Promise<T> {
  return (await call(path)).json() as Promise<T>;
}

export async function sendJson<T>(path: string, method: string, body?: unknown): Promise<T | null> {
  const response = await call(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status === 204 ? null : ((await response.json()) as T);
}

export async function loadSession(): Promise<Session> {
  const session = await getJson<Session>('session');
  csrfToken = session.csrfToken;
  return session;
}

export async function signOut(): Promise<void> {
  await sendJson('sign-out', 'POST');
}

export function asProblem(error: unknown): Problem {
  if (error instanceof ProblemError) return error.problem;
  return { status: 0, title: 'Unexpected error', detail: (error as Error)?.message ?? String(error) };
}
