import { UnrecoverableError } from 'bullmq';
import { JobDispatcher, pingHandler } from '@caddie/jobs';
import type { JobHandlers } from './queues';

/** A render dispatcher whose graphic handler echoes its payload (the contract is exercised, not the renderer). */
const echo = async (p: unknown) => p;
const handlers = {
  'worker.ping': pingHandler('render'),
  'render.graphic': echo,
  'render.map-tile': echo,
  'render.printable-page': echo,
  'render.printable-assemble': echo,
} as unknown as JobHandlers<'render'>;

describe('JobDispatcher', () => {
  it('routes jobs to handlers and refuses unknown names as unrecoverable', async () => {
    const dispatcher = new JobDispatcher('render', handlers);
    await expect(dispatcher.dispatch({ id: '1', name: 'worker.ping', data: { sentAt: 'x' }, attemptsMade: 0 })).resolves.toMatchObject({
      queue: 'render',
      pid: process.pid,
    });
    await expect(dispatcher.dispatch({ id: '2', name: 'render.nope', data: {}, attemptsMade: 0 })).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('refuses to start with a missing handler', () => {
    expect(() => new JobDispatcher('scorecard', {} as never)).toThrow(/no handler/);
    expect(() => new JobDispatcher('render', { 'worker.ping': pingHandler('render') } as never)).toThrow(/no handler for render.graphic/);
  });
});
