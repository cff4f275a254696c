import { UnrecoverableError } from 'bullmq';
import { JobDispatcher, pingHandler } from '@caddie/jobs';

describe('JobDispatcher', () => {
  it('routes jobs to handlers and refuses unknown names as unrecoverable', async () => {
    const dispatcher = new JobDispatcher('render', { 'worker.ping': pingHandler('render') });
    await expect(dispatcher.dispatch({ id: '1', name: 'worker.ping', data: { sentAt: 'x' }, attemptsMade: 0 })).resolves.toMatchObject({ queue: 'render', pid: process.pid });
    await expect(dispatcher.dispatch({ id: '2', name: 'render.nope', data: {}, attemptsMade: 0 })).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('refuses to start with a missing handler', () => {
    expect(() => new JobDispatcher('scorecard', {} as never)).toThrow(/no handler/);
  });
});
