import { type ChildProcess, spawn } from 'node:child_process';

/** Restart delays after a crash: 0.5 s, doubling up to 10 s while a process keeps crashing. */
export const RESTART_BACKOFF = { firstMs: 500, maxMs: 10_000 } as const;
/** A process that ran this long before exiting is considered to have been healthy: its backoff starts over. */
export const STABLE_RUN_MS = 30_000;

export interface SupervisedProcess {
  name: string;
  script: string;
}

interface Running {
  spec: SupervisedProcess;
  child?: ChildProcess;
  startedAt: number;
  nextDelayMs: number;
  restartTimer?: NodeJS.Timeout;
}

/**
 * Keeps the service's processes running: a process that exits on its own (a crash, a SIGKILL,
 * an out-of-memory kill) is started again after a backoff that grows while it keeps crashing,
 * and every exit and restart is logged. The others keep serving meanwhile. Only stop() (SIGINT
 * or SIGTERM to the launcher) ends them, each with SIGTERM and then SIGKILL after a grace period.
 */
export class Supervisor {
  private readonly running: Running[];
  private stopping = false;

  constructor(
    processes: readonly SupervisedProcess[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (line: string) => void,
  ) {
    this.running = processes.map((spec) => ({ spec, startedAt: 0, nextDelayMs: RESTART_BACKOFF.firstMs }));
  }

  start(): void {
    for (const entry of this.running) this.launch(entry);
  }

  /** Current process id of a supervised process (for operators and tests). */
  pidOf(name: string): number | undefined {
    return this.running.find((entry) => entry.spec.name === name)?.child?.pid;
  }

  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    for (const entry of this.running) clearTimeout(entry.restartTimer);
    await Promise.all(this.running.map((entry) => (entry.child ? terminate(entry.child, graceMs) : undefined)));
  }

  private launch(entry: Running): void {
    if (this.stopping) return;
    const child = spawn(process.execPath, [entry.spec.script], { env: this.env, stdio: 'inherit' });
    entry.child = child;
    entry.startedAt = Date.now();
    this.log(`${entry.spec.name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      if (Date.now() - entry.startedAt >= STABLE_RUN_MS) entry.nextDelayMs = RESTART_BACKOFF.firstMs;
      const delay = entry.nextDelayMs;
      entry.nextDelayMs = Math.min(RESTART_BACKOFF.maxMs, delay * 2);
      this.log(`${entry.spec.name} exited (${signal ?? `code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s, the others keep serving`);
      entry.restartTimer = setTimeout(() => this.launch(entry), delay);
    });
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export function terminate(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
