/**
 * Closes a Redis-backed resource without hanging shutdown when Redis is unreachable: a graceful
 * close gets `graceMs`, then the connection is dropped. The drop is not awaited (BullMQ's own
 * disconnect() waits for an 'end' that a client without Redis may never emit), and its rejection
 * is handled: a fire-and-forget promise that rejects would crash the process.
 */
export async function closeWithin(close: () => Promise<unknown>, drop: () => unknown, graceMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gave = await Promise.race([
    close().then(
      () => false,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearTimeout(timer);
  if (gave) void Promise.resolve(drop()).catch(() => undefined);
}

/** What BullMQ's Queue, QueueEvents and FlowProducer have in common for closing. */
export interface BullResource {
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
  disconnect(): Promise<void> | void;
}

/**
 * Closes a BullMQ queue, subscription or flow producer within `graceMs`. BullMQ's close() drops
 * every listener of the resource's connection; if the connection's start-up (its INFO version
 * check) is still running, its later failure ("Connection is closed") is then emitted with no
 * listener and becomes an uncaught error that would crash the process. So the start-up is
 * allowed to settle first, inside the same grace period; when Redis never answers, the
 * connection is dropped and keeps its listeners.
 */
export function closeBullWithin(resource: BullResource, graceMs = 2000): Promise<void> {
  return closeWithin(
    async () => {
      await resource.waitUntilReady().catch(() => undefined);
      await resource.close();
    },
    () => resource.disconnect(),
    graceMs,
  );
}
