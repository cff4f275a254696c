import { closeBullWithin, type BullResource } from './close-quietly';

/** A BullMQ-like resource whose start-up settles when the test says so. */
function resource(): BullResource & { calls: string[]; settleStartUp(ok: boolean): void } {
  const calls: string[] = [];
  let settle: (ok: boolean) => void = () => undefined;
  const startUp = new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('Connection is closed.')))));
  startUp.catch(() => undefined);
  return {
    calls,
    settleStartUp: (ok) => settle(ok),
    waitUntilReady: async () => {
      calls.push('wait');
      await startUp;
      calls.push('ready');
    },
    close: async () => {
      calls.push('close');
    },
    disconnect: async () => {
      calls.push('disconnect');
      throw new Error('never ready');
    },
  };
}

describe('closeBullWithin', () => {
  it('lets a start-up in progress settle before closing, so its failure still finds a listener', async () => {
    const r = resource();
    const closing = closeBullWithin(r, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.calls).toEqual(['wait']);
    r.settleStartUp(true);
    await closing;
    expect(r.calls).toEqual(['wait', 'ready', 'close']);
  });

  it('closes after a failed start-up too', async () => {
    const r = resource();
    const closing = closeBullWithin(r, 1_000);
    r.settleStartUp(false);
    await closing;
    expect(r.calls).toEqual(['wait', 'close']);
  });

  it('drops the connection when the start-up never ends, and a failing drop is not an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const r = resource();
      await closeBullWithin(r, 30);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(r.calls).toEqual(['wait', 'disconnect']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
