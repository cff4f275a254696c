/** The console session cookie: HttpOnly, SameSite=Strict, and sent only to `/console` (never to `/v1`). */
export const SESSION_COOKIE = 'caddie_console';
export const CONSOLE_PATH = '/console';

/** Whether a request URL (path and query) is the console's, i.e. where its cookie's Path applies. */
export function isConsolePath(url: string): boolean {
  return url === CONSOLE_PATH || url.startsWith(`${CONSOLE_PATH}/`) || url.startsWith(`${CONSOLE_PATH}?`);
}

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(secret: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${secret}; Path=${CONSOLE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${CONSOLE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
