import { clearedSessionCookie, readCookie, sessionCookie } from './console-cookie';

describe('console session cookie', () => {
  it('reads one cookie among several and ignores look-alike names', () => {
    expect(readCookie('a=1; caddie_console_x=2; caddie_console=abc', 'caddie_console')).toBe('abc');
    expect(readCookie('caddie_consolex=1', 'caddie_console')).toBeUndefined();
    expect(readCookie(undefined, 'caddie_console')).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Strict and scoped to /console; Secure behind https', () => {
    const cookie = sessionCookie('s3cret', 60, false);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/console;');
    expect(cookie).not.toContain('Secure');
    expect(sessionCookie('s', 1, true)).toContain('; Secure');
    expect(clearedSessionCookie(false)).toContain('Max-Age=0');
  });
});
