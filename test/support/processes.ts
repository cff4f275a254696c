import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..');
export const DIST = join(REPO_ROOT, 'dist');

export { freePort } from '../../apps/api/src/cli/embedded-redis';

/** A built entry point as a child process, with its output collected. */
export function startNode(script: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [join(DIST, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000) {
  const result = spawnSync(process.execPath, [join(DIST, script), ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: timeoutMs });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export function exited(child: ChildProcess, timeoutMs: number): Promise<number | string | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('process did not exit')), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}
