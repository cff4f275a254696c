/**
 * npm run prewarm -- --course ID [--styles traditional,pencil,colored-pencil] [--format webp|png|jpeg] [--timeout-seconds 900]
 * Renders every hole, green, course and profile graphic of a course ahead of demand, through the
 * same coalescing render queue as the API (so it never duplicates a render a client triggered).
 *
 * npm run prewarm -- --course ID --maps [--tile-size 256|512] [--format webp|webp-lossy|png] [--timeout-seconds 900]
 * Builds the course's map archive (PMTiles) for its current revision instead, through the same
 * coalescing submission the tile routes use on first demand; reports it built or already present.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createArtifactStore } from '@caddie/artifacts';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { graphicObjectKey, JobWaiter, RenderSubmitter, type MapTileFormatName, type RenderMapArchivePayload } from '@caddie/jobs';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { artifactKey, GRAPHIC_STYLES, GraphicsRequestError, parseGraphicsQuery } from '@caddie/styles';
import { courseTileCoverage, RENDERER_VERSION, TileCoverageError } from '@caddie/renderer';
import { MAP_TILE_FORMATS } from '@caddie/styles';
import { MapArchiveSubmitter, mapArchiveKeyOf } from '../maps/map-archive-submitter';
import { courseAndTimeoutOrExit, err, failureText, progress } from './cli-output';
import { openRenderQueue, type RenderQueueClients } from './render-queue';

const USAGE = [
  `usage: npm run prewarm -- --course ID [--styles ${GRAPHIC_STYLES.join(',')}] [--format webp|png|jpeg] [--timeout-seconds 900]`,
  '       npm run prewarm -- --course ID --maps [--tile-size 256|512] [--format webp|webp-lossy|png] [--timeout-seconds 900]',
].join('\n');
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      course: { type: 'string' },
      styles: { type: 'string', default: 'traditional' },
      format: { type: 'string', default: 'webp' },
      maps: { type: 'boolean', default: false },
      'tile-size': { type: 'string', default: '256' },
      'timeout-seconds': { type: 'string', default: '900' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.course) {
    err(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const timeoutMs = courseAndTimeoutOrExit(values.course, values['timeout-seconds'], USAGE);
  if (values.maps) {
    if (values['tile-size'] !== '256' && values['tile-size'] !== '512') {
      err(`invalid-parameter: --tile-size must be 256 or 512\n${USAGE}`);
      process.exit(2);
    }
    if (!(MAP_TILE_FORMATS as readonly string[]).includes(values.format)) {
      err(`invalid-parameter: map tiles are ${MAP_TILE_FORMATS.join(', ')}, not ${values.format}\n${USAGE}`);
      process.exit(2);
    }
    await prewarmMaps(values.course, Number(values['tile-size']) as 256 | 512, values.format as MapTileFormatName, timeoutMs);
    return;
  }
  const styles = values.styles.split(',').map((s) => s.trim());
  const unknownStyles = styles.filter((s) => !(GRAPHIC_STYLES as readonly string[]).includes(s));
  if (unknownStyles.length) {
    err(`invalid-parameter: unknown styles ${unknownStyles.join(', ')}\n${USAGE}`);
    process.exit(2);
  }
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const store = createArtifactStore(env);
  // the queue connections open only once there is something to submit
  let clients: RenderQueueClients | undefined;
  try {
    const summary = await new CourseStore(db).summary(values.course);
    const doc = summary && (await new CourseStore(db).document(values.course));
    if (!summary || !doc) {
      err(`course-not-found: no course ${values.course}`);
      process.exitCode = 1;
      return;
    }
    clients = openRenderQueue(env);
    const { queue, events } = clients;
    const context = { classification: summary.classification, country: summary.country, region: summary.region };
    const subjects = ['course', ...doc.course.holes.flatMap((h) => [`hole-${h.number}`, `green-${h.number}`, `profile-elevation-${h.number}`])];
    const submitter = new RenderSubmitter(queue, new JobWaiter(queue, events));
    const counts: Record<string, number> = { rendered: 0, hit: 0, failed: 0, 'not applicable': 0 };
    const failures: string[] = [];
    const waits: Promise<void>[] = [];
    const total = styles.length * subjects.length;
    let done = 0;
    const finish = (outcome: string, note?: string) => {
      counts[outcome]++;
      done++;
      if (note) failures.push(note);
      progress(done, total, counts);
    };
    await events.waitUntilReady();
    for (const style of styles) {
      for (const subject of subjects) {
        let request;
        try {
          request = parseGraphicsQuery(subject, values.format, { graphicStyle: style }, context);
        } catch (error) {
          if (!(error instanceof GraphicsRequestError)) throw error;
          finish('not applicable');
          continue;
        }
        const key = artifactKey(RENDERER_VERSION, summary.revision, request);
        if (await store.head(graphicObjectKey(key))) {
          finish('hit');
          continue;
        }
        const { jobId } = await submitter.submit({
          artifactKey: key,
          courseId: values.course,
          courseRevision: summary.revision,
          request: request as unknown as Record<string, unknown>,
        });
        waits.push(
          submitter.wait(jobId, timeoutMs).then((outcome) => {
            if (outcome.state === 'done') finish('rendered');
            else finish('failed', `${style} ${subject}: ${outcome.state === 'pending' ? 'still rendering at the timeout' : outcome.reason}`);
          }),
        );
      }
    }
    progress(done, total, counts);
    await Promise.all(waits);
    err(
      `\n${values.course}: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    for (const failure of failures) err(`  failed: ${failure}`);
    if (counts.failed > 0 && counts.rendered + counts.hit === 0) process.exitCode = 1;
  } finally {
    await clients?.close();
    await db.destroy();
  }
}

/** Builds (or finds) the map archive of the course's current revision, with a progress line and a one-line result. */
async function prewarmMaps(courseId: string, tileSize: 256 | 512, format: MapTileFormatName, timeoutMs: number): Promise<void> {
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const store = createArtifactStore(env);
  // opened only when a build is submitted (see prewarmGraphics)
  let clients: RenderQueueClients | undefined;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  try {
    const summary = await new CourseStore(db).document(courseId);
    if (!summary) {
      err(`course-not-found: no course ${courseId}`);
      process.exitCode = 1;
      return;
    }
    let ranges;
    try {
      ranges = courseTileCoverage(summary.course).ranges;
    } catch (error) {
      if (!(error instanceof TileCoverageError)) throw error;
      err(`${error.code}: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    const payload: RenderMapArchivePayload = { courseId, courseRevision: summary.revision, tileSize, format };
    const key = mapArchiveKeyOf(payload);
    const label = `${courseId}: map archive ${tileSize} ${format} (revision ${summary.revision.slice(0, 19)}…)`;
    const describe = (tiles: string | number, minZoom: string | number, maxZoom: string | number, bytes: number) =>
      `${tiles} tiles (z${minZoom}-${maxZoom}), ${bytes} bytes, ${seconds()} s`;
    const present = await store.head(key);
    if (present) {
      err(`${label} already present: ${describe(present.metadata.tileCount, present.metadata.minZoom, present.metadata.maxZoom, present.size)}`);
      return;
    }
    clients = openRenderQueue(env);
    const { queue, batchQueue, events, batchEvents, flows } = clients;
    await Promise.all([events.waitUntilReady(), batchEvents.waitUntilReady()]);
    const submitter = new MapArchiveSubmitter(flows, queue, new JobWaiter(queue, events), batchQueue, new JobWaiter(batchQueue, batchEvents));
    const { jobId, coalesced, blocks } = await submitter.submit(payload, ranges);
    err(`${label}: ${coalesced ? 'joined the build already under way' : `build submitted as ${blocks} blocks of tiles`} (job ${jobId})`);
    const deadline = started + timeoutMs;
    for (;;) {
      const outcome = await submitter.wait(jobId, Math.max(1, Math.min(1000, deadline - Date.now())));
      if (outcome.state === 'done') {
        const r = outcome.result;
        process.stderr.write('\n');
        err(`${label} built: ${describe(r.tileCount, r.minZoom, r.maxZoom, r.sizeBytes)} (worker ${r.worker})`);
        return;
      }
      if (outcome.state === 'failed' || outcome.state === 'gone') {
        const stored = outcome.state === 'gone' ? await store.head(key) : null;
        process.stderr.write('\n');
        if (stored) {
          err(`${label} built: ${describe(stored.metadata.tileCount, stored.metadata.minZoom, stored.metadata.maxZoom, stored.size)}`);
          return;
        }
        err(`${label} failed after ${seconds()} s: ${outcome.state === 'gone' ? 'the build job disappeared' : failureText(outcome.reason)}`);
        process.exitCode = 1;
        return;
      }
      if (Date.now() >= deadline) {
        process.stderr.write('\n');
        err(`${label} still building at the timeout (${seconds()} s); it goes on in the render workers`);
        process.exitCode = 1;
        return;
      }
      const status = await submitter.progress(jobId);
      const detail = status && typeof status.progress === 'object' && status.progress !== null ? ` ${JSON.stringify(status.progress)}` : '';
      process.stderr.write(`\r  ${status?.state ?? 'queued'}${detail}, ${seconds()} s   `);
    }
  } finally {
    await clients?.close();
    await db.destroy();
  }
}

main().catch((error) => {
  err(`prewarm failed: ${(error as Error).message}`);
  process.exit(1);
});
