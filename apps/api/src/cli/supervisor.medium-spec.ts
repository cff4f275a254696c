import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESTART_BACKOFF, Supervisor } from './supervisor';

const until = async (check: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('Supervisor (real child processes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'caddie-supervisor-'));
  const sleeper = join(dir, 'sleeper.js');
  const crasher = join(dir, 'crasher.js');
  writeFileSync(sleeper, 'setInterval(() => undefined, 1000);');
  writeFileSync(crasher, 'process.exit(3);');

  it('restarts a killed process with a new pid, leaves the others running, and stops all only on stop()', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor(
      [
        { name: 'worker', script: sleeper },
        { name: 'api', script: sleeper },
      ],
      process.env,
      (line) => lines.push(line),
    );
    supervisor.start();
    try {
      const [worker, api] = [supervisor.pidOf('worker')!, supervisor.pidOf('api')!];
      process.kill(worker, 'SIGKILL');
      await until(() => supervisor.pidOf('worker') !== worker, 5_000, 'the restart');
      expect(lines).toContain(`worker exited (SIGKILL); restarting in ${(RESTART_BACKOFF.firstMs / 1000).toFixed(1)} s, the others keep serving`);
      expect(supervisor.pidOf('api')).toBe(api);
      expect(alive(api)).toBe(true);
      expect(alive(supervisor.pidOf('worker')!)).toBe(true);
    } finally {
      const pids = [supervisor.pidOf('worker')!, supervisor.pidOf('api')!];
      await supervisor.stop(2_000);
      expect(pids.map(alive)).toEqual([false, false]);
    }
  }, 20_000);

  it('backs off while a process keeps crashing', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor([{ name: 'broken', script: crasher }], process.env, (line) => lines.push(line));
    supervisor.start();
    try {
      await until(() => lines.filter((l) => l.includes('exited')).length >= 3, 10_000, 'three crashes');
      const delays = lines.filter((l) => l.includes('exited')).map((l) => Number(/restarting in ([\d.]+) s/.exec(l)?.[1]));
      expect(delays.slice(0, 3)).toEqual([0.5, 1, 2]);
      expect(lines[1]).toBe('broken exited (code 3); restarting in 0.5 s, the others keep serving');
    } finally {
      await supervisor.stop(2_000);
    }
    const count = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(lines.length).toBe(count);
  }, 20_000);
});
