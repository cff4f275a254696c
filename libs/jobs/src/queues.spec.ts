import { redisOptionsFromUrl } from '@caddie/jobs';
import { assertEveryJobHasHandler } from './queues';

describe('job contract', () => {
  it('accepts exactly the declared handlers', () => {
    const both = {
      'worker.ping': async () => undefined,
      'render.graphic': async () => undefined,
      'render.map-tile': async () => undefined,
      'render.printable-page': async () => undefined,
      'render.printable-assemble': async () => undefined,
    };
    expect(() => assertEveryJobHasHandler('render', both)).not.toThrow();
    expect(() => assertEveryJobHasHandler('render', {})).toThrow(
      /no handler for worker.ping, render.graphic, render.map-tile, render.printable-page, render.printable-assemble/,
    );
    expect(() => assertEveryJobHasHandler('render', { ...both, 'render.other': 1 })).toThrow(/undeclared jobs render.other/);
    // archive builds are the batch queue's: a render handler for them is refused there
    expect(() => assertEveryJobHasHandler('render', { ...both, 'render.map-tiles': 1 })).toThrow(/undeclared jobs render.map-tiles/);
    const batch = { 'worker.ping': async () => undefined, 'render.map-archive': async () => undefined, 'render.map-tiles': async () => undefined };
    expect(() => assertEveryJobHasHandler('render-batch', batch)).not.toThrow();
    expect(() => assertEveryJobHasHandler('render-batch', {})).toThrow(/no handler for worker.ping, render.map-archive, render.map-tiles/);
  });
});

describe('redisOptionsFromUrl', () => {
  it('parses host, port, credentials, db and tls', () => {
    expect(redisOptionsFromUrl('redis://127.0.0.1:6379')).toMatchObject({ host: '127.0.0.1', port: 6379, db: 0 });
    expect(redisOptionsFromUrl('rediss://u%40x:p%3Aw@cache.internal:6380/3')).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'u@x',
      password: 'p:w',
      db: 3,
      tls: {},
    });
  });
});
