import { availableParallelism, loadavg } from 'node:os';

/**
 * How much longer than on an idle machine a time bound may take here now: the one-minute run
 * queue per core, between 1 and `cap`. A process that shares its cores with twice as many
 * runnable ones gets about half the CPU, so a boot or a recovery takes about twice as long;
 * the chaos suites once failed a 10,000 ms bound at 10,054 ms on such a machine.
 */
export function loadAllowance(cap = 3): number {
  return Math.min(cap, Math.max(1, loadavg()[0] / availableParallelism()));
}

/** A bound stated for an idle machine, stretched by the load measured now (and said so in the output). */
export function boundUnderLoad(idleBoundMs: number, what: string): number {
  const allowance = loadAllowance();
  const bound = Math.round(idleBoundMs * allowance);
  process.stdout.write(
    `${what}: bound ${idleBoundMs} ms on an idle machine, ${bound} ms at load x${allowance.toFixed(2)} (1-min load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)\n`,
  );
  return bound;
}
