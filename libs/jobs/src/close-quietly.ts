/**
 * Closes a Redis-backed resource without hanging shutdown when Redis is unreachable: a graceful
 * close gets `graceMs`, then the connection is dropped.
 */
export async function closeWithin(close: () => Promise<unknown>, drop: () => unknown, graceMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gave = await Promise.race([
    close().then(() => false, () => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
  ]);
  clearTimeout(timer);
  if (gave) drop();
}
