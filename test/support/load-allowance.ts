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
export function boundUnderLoad(idleBoundMs: number, what: string, cap = 3): number {
  const allowance = loadAllowance(cap);
  const bound = Math.round(idleBoundMs * allowance);
  process.stdout.write(
    `${what}: bound ${idleBoundMs} ms on an idle machine, ${bound} ms at load x${allowance.toFixed(2)} (1-min load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)\n`,
  );
  return bound;
}

/**
 * A harness wait (a process starting, a banner appearing) stretched by the load measured now, up
 * to x3: starting the API and its workers is CPU-bound, and a wait sized for an idle machine
 * failed a passing suite when the machine was loaded (the launcher's banner took over 120 s at a
 * 1-minute load of 19 on 2 cores). Not a bound on the behaviour under test.
 */
export function startupWait(idleMs: number): number {
  return Math.round(idleMs * loadAllowance());
}

/** The Jest hook timeout that covers startup waits at the largest allowance (x3) and the rest of the hook. */
export const STARTUP_HOOK_MS = 600_000;
