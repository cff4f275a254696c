/**
 * Graphics delivery, measured against baselines in the same run:
 *  1. HIT throughput of GET /v1/courses/{id}/graphics/images/... against a plain static file
 *     server (node:http + fs) serving the same bytes;
 *  2. 100 concurrent identical cold requests against one cold request (coalescing means the
 *     100 should cost about one render).
 * Starts the built API and two render workers on loopback. Run: npm run bench:graphics
 */
import 'reflect-metadata';
import { createReadStream, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { freePort, throughput } from './support/load';
import { startBenchFarm } from './support/farm';
import { median } from './support/timing';

const REQUESTS = 3000;
const CONCURRENCY = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function main(): Promise<void> {
  const farm = await startBenchFarm('graphics', { RENDER_WAIT_MS: '120000' });
  const { origin, dataDir } = farm;
  try {
    const db = await openDatabase({ dataDir });
    const course = generateDemoCourses()[0];
    await new CourseStore(db).upsert(course, courseRevision(course));
    const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'bench', kind: 'live', scopes: ['course-graphics:read'] })).key;
    await db.destroy();
    for (let i = 0; i < 2; i++) farm.startWorker();
    const headers = { 'x-api-key': key };
    const path = `/v1/courses/${course.id}/graphics/images/green-3/webp?width=600&height=600`;
    const first = await fetch(`${origin}${path}`, { headers });
    const bytes = Buffer.from(await first.arrayBuffer());
    console.log(`graphic: ${bytes.length} bytes (${first.headers.get('x-caddie-cache-state')})`);

    const file = join(dataDir, 'same-bytes.webp');
    writeFileSync(file, bytes);
    const staticPort = await freePort();
    const staticServer: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': bytes.length });
      createReadStream(file).pipe(res);
    }).listen(staticPort, '127.0.0.1');
    // rounds alternate the two servers so that both see the same background load; medians are reported
    const apiRates: number[] = [];
    const plainRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      apiRates.push(await throughput(origin, [path], headers, REQUESTS, CONCURRENCY));
      plainRates.push(await throughput(`http://127.0.0.1:${staticPort}`, ['/g.webp'], {}, REQUESTS, CONCURRENCY));
    }
    staticServer.close();
    const ratios = apiRates.map((rate, i) => rate / plainRates[i]);
    console.log(
      `HIT throughput (median of ${ROUNDS} rounds): API ${median(apiRates).toFixed(0)} req/s, static file server ${median(plainRates).toFixed(0)} req/s, ratio ${median(ratios).toFixed(2)}x [rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}]  (${REQUESTS} requests, ${CONCURRENCY} concurrent)`,
    );

    const many = (url: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          fetch(url, { headers }).then(async (r) => ({ status: r.status, state: r.headers.get('x-caddie-cache-state'), body: await r.arrayBuffer() })),
        ),
      );
    const cold = async (width: number, count: number) => {
      const url = `${origin}/v1/courses/${course.id}/graphics/images/hole-5/webp?width=${width}&height=${Math.round((width * 5) / 3)}`;
      const started = Date.now();
      const responses = await many(url, count);
      const ms = Date.now() - started;
      if (responses.some((r) => r.status !== 200)) throw new Error(`cold request failed: ${responses.map((r) => r.status).join(',')}`);
      // the same requests again, now answered from the store: what delivering the answers alone costs
      const hitStarted = Date.now();
      await many(url, count);
      return {
        ms,
        hitMs: Date.now() - hitStarted,
        states: responses.reduce<Record<string, number>>((acc, r) => ((acc[r.state ?? '?'] = (acc[r.state ?? '?'] ?? 0) + 1), acc), {}),
      };
    };
    const coldRatios: number[] = [];
    const ones: number[] = [];
    const hundreds: number[] = [];
    const deliveries: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const width = 1100 + round * 10;
      const one = await cold(width, 1);
      const hundred = await cold(width + 1, 100);
      ones.push(one.ms);
      hundreds.push(hundred.ms);
      deliveries.push(hundred.hitMs);
      coldRatios.push(hundred.ms / one.ms);
      if (hundred.states.MISS !== 1 || hundred.states.COALESCED !== 99) console.log(`  round ${round + 1}: cache states ${JSON.stringify(hundred.states)}`);
    }
    console.log(
      `cold (median of ${ROUNDS} rounds): 1 request ${median(ones)} ms; 100 concurrent identical ${median(hundreds)} ms (1 MISS + 99 COALESCED); ratio ${median(coldRatios).toFixed(2)}x [rounds ${coldRatios.map((r) => r.toFixed(2)).join(' ')}]; the same 100 as HITs ${median(deliveries)} ms`,
    );
  } finally {
    await farm.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
