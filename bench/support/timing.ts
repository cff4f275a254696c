/** Small timing helpers the benchmarks share. */

/** Milliseconds one run takes (monotonic clock). */
export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
