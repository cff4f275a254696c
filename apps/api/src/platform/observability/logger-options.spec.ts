import { Writable } from 'node:stream';
import pino from 'pino';
import { acceptedRequestId, loggerOptions, redactUrl } from './logger-options';

describe('logging without secrets', () => {
  it('redacts keys and signatures in logged URLs', () => {
    const key = 'caddie_live_' + 'A'.repeat(43);
    expect(redactUrl(`/v1/courses?api_key=${key}&zoom=3`, 'caddie')).toBe('/v1/courses?api_key=%5Bredacted%5D&zoom=3');
    expect(redactUrl(`/v1/x?anything=${key}`, 'caddie')).not.toContain(key);
    expect(redactUrl('/v1/artifacts/abc?exp=1&sig=secret', 'caddie')).not.toContain('secret');
    expect(redactUrl('/v1/courses/demo', 'caddie')).toBe('/v1/courses/demo');
  });

  it('accepts only sane request ids', () => {
    expect(acceptedRequestId('trace-1')).toBe('trace-1');
    expect(acceptedRequestId('with space')).toBeUndefined();
    expect(acceptedRequestId('x'.repeat(129))).toBeUndefined();
    expect(acceptedRequestId(['a', 'b'])).toBeUndefined();
  });

  it('never writes credential headers or query keys into the JSON log line', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const key = 'caddie_test_' + 'B'.repeat(43);
    const logger = pino(loggerOptions('info', 'caddie') as pino.LoggerOptions, sink);
    logger.info(
      { req: { method: 'GET', url: `/v1/x?token=${key}`, ip: '127.0.0.1', headers: { authorization: `Bearer ${key}`, 'x-api-key': key } } },
      'request',
    );
    expect(lines.join('')).not.toContain(key);
    expect(JSON.parse(lines[0]).req.method).toBe('GET');
  });
});
