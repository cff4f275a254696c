import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiEnvSchema } from '@caddie/config';
import { WORKER_REDIS_COMMAND_TIMEOUT_MS } from '@caddie/jobs';
import { MAX_PAGE_RASTER_PIXELS } from '@caddie/printables';
import { GRAPHIC_DIMENSION_RANGE } from '@caddie/styles';
import { ADMISSION_RETRY_AFTER_SECONDS } from '../../apps/api/src/platform/http/admission-gate';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../apps/api/src/platform/http/transport-limits';
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_CONNECT_TIMEOUT_MS } from '../../apps/api/src/platform/redis/api-redis-options';
import { REPO_ROOT } from '../support/processes';

/** docs/api.md's "Timeouts and limits a client can rely on" states the bounds the code enforces. */
describe('docs/api.md: timeouts and limits', () => {
  const readme = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Timeouts and limits a client can rely on'),
    readme.indexOf('\n## ', readme.indexOf('## Timeouts and limits a client can rely on') + 5),
  );
  const env = apiEnvSchema.parse({});
  const row = (what: string) => section.split('\n').find((line) => line.startsWith(`| ${what}`)) ?? '';
  const seconds = (ms: number) => `${ms / 1000} s`;
  const thousands = (n: number) => n.toLocaleString('en-US');

  it.each([
    ['Request headers', [`${seconds(env.HEADERS_TIMEOUT_MS)}`, '408 `request-timeout`', '431 `headers-too-large`', '414 `uri-too-long`']],
    ['Whole request', [seconds(env.REQUEST_RECEIVE_TIMEOUT_MS), '408 `request-timeout`']],
    ['Body', [`\`BODY_LIMIT_BYTES\` (${thousands(env.BODY_LIMIT_BYTES)})`, '413 `request-too-large`']],
    ['Graphics render wait', [`\`RENDER_WAIT_MS\` (${seconds(env.RENDER_WAIT_MS)})`]],
    [
      'Concurrent uploads / renders',
      [`(${env.MAX_CONCURRENT_UPLOADS})`, `(${env.MAX_CONCURRENT_RENDERS})`, `\`Retry-After: ${ADMISSION_RETRY_AFTER_SECONDS}\``, '503 `server-busy`'],
    ],
    [
      'Redis',
      [
        `${seconds(REDIS_COMMAND_TIMEOUT_MS)} timeout`,
        `connect ${seconds(REDIS_CONNECT_TIMEOUT_MS)}`,
        `workers' own commands ${seconds(WORKER_REDIS_COMMAND_TIMEOUT_MS)}`,
      ],
    ],
    ['Idle keep-alive connection', [seconds(KEEP_ALIVE_TIMEOUT_MS)]],
    [
      'Printable options',
      [`${GRAPHIC_DIMENSION_RANGE.min}..${GRAPHIC_DIMENSION_RANGE.max} px`, `${MAX_PAGE_RASTER_PIXELS / 1e6} Mpx`, '422 `printable-options-unrenderable`'],
    ],
  ] as const)('%s: the stated bound is the enforced one', (what, facts) => {
    expect(row(what)).not.toBe('');
    for (const fact of facts) expect({ row: what, states: row(what).includes(fact) ? fact : row(what) }).toEqual({ row: what, states: fact });
  });

  it('states the total request budget from the render wait', () => {
    expect(row('Total time of one request')).toContain(`(${Math.max(env.RENDER_WAIT_MS, 30_000) / 1000 + 10} s by default)`);
  });
});
