import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX_BINARY = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export interface StaticNginx {
  origin: string;
  version: string;
  /** worker_processes as written in the configuration */
  workers: number;
  /** the master process (taskset execs nginx, so also under `launch`); the workers are its children */
  pid: number;
  stop(): Promise<void>;
}

/** The unprivileged account nginx runs as when the benchmark itself runs as root. */
const NOBODY = { uid: 65534, gid: 65534 };

/**
 * nginx as a foreground child process serving `root` as static files on 127.0.0.1:port, with a
 * generated configuration: no daemon, pid, logs and temp paths inside `workDir`, sendfile,
 * keep-alive without a request cap, no access log (the API under test does not log requests
 * either). `workDir` and `root` must be readable (and `workDir` writable) by the account nginx
 * runs as: under root that is nobody, so the caller makes the folders world-readable.
 * Returns null when nginx is not installed.
 */
export async function startStaticNginx(options: {
  root: string;
  workDir: string;
  port: number;
  workers: number;
  contentType: Record<string, string>;
  /** wraps the nginx command line, e.g. to run it under taskset */
  launch?: (command: string, args: string[]) => [string, string[]];
}): Promise<StaticNginx | null> {
  if (!existsSync(NGINX_BINARY)) return null;
  const version = spawnSync(NGINX_BINARY, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const { root, workDir, port, workers } = options;
  const temp = (name: string) => join(workDir, name);
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(temp(dir), { recursive: true });
  const types = Object.entries(options.contentType)
    .map(([ext, type]) => `${type} ${ext};`)
    .join(' ');
  const config = `
daemon off;
master_process on;
worker_processes ${workers};
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  types { ${types} }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  keepalive_requests 1000000;
  open_file_cache max=10000 inactive=60s;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri =404; }
  }
}
`;
  const configFile = temp('nginx.conf');
  writeFileSync(configFile, config);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    for (const dir of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chownSync(temp(dir), NOBODY.uid, NOBODY.gid);
    chmodSync(workDir, 0o755);
  }
  let output = '';
  const [command, args] = (options.launch ?? ((c, a) => [c, a]))(NGINX_BINARY, ['-p', workDir, '-c', configFile, '-e', temp('error.log')]);
  const child: ChildProcess = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asRoot ? NOBODY : {}),
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${origin}/`)
        .then(() => true)
        .catch(() => false)
    ) {
      return {
        origin,
        version,
        workers,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGQUIT');
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  const log = existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '';
  throw new Error(`nginx did not start: ${output}${log}`.slice(0, 2000));
}
