/**
 * npm run prewarm -- --course ID [--styles traditional,pencil,colored-pencil] [--format webp|png|jpeg] [--timeout-seconds 900]
 * Renders every hole, green, course and profile graphic of a course ahead of demand, through the
 * same coalescing render queue as the API (so it never duplicates a render a client triggered).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Queue, QueueEvents } from 'bullmq';
import { createArtifactStore } from '@caddie/artifacts';
import { COURSE_ID_PATTERN } from '@caddie/catalog';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { graphicObjectKey, redisOptionsFromUrl, RenderSubmitter } from '@caddie/jobs';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { artifactKey, GRAPHIC_STYLES, GraphicsRequestError, parseGraphicsQuery, RENDERER_VERSION } from '@caddie/styles';

const USAGE = `usage: npm run prewarm -- --course ID [--styles ${GRAPHIC_STYLES.join(',')}] [--format webp|png|jpeg] [--timeout-seconds 900]`;
const err = (line: string) => process.stderr.write(`${line}\n`);

function progress(done: number, total: number, counts: Record<string, number>): void {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  const summary = Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ');
  process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}  ${summary}   `);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      course: { type: 'string' },
      styles: { type: 'string', default: 'traditional' },
      format: { type: 'string', default: 'webp' },
      'timeout-seconds': { type: 'string', default: '900' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.course) {
    err(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (!COURSE_ID_PATTERN.test(values.course)) {
    err(`invalid-course-id: "${values.course}" is not a course id`);
    process.exit(2);
  }
  const styles = values.styles.split(',').map((s) => s.trim());
  const unknownStyles = styles.filter((s) => !(GRAPHIC_STYLES as readonly string[]).includes(s));
  if (unknownStyles.length) {
    err(`invalid-parameter: unknown styles ${unknownStyles.join(', ')}\n${USAGE}`);
    process.exit(2);
  }
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const connection = redisOptionsFromUrl(env.REDIS_URL);
  const queue = new Queue('render', { connection, prefix: env.REDIS_PREFIX });
  const events = new QueueEvents('render', { connection, prefix: env.REDIS_PREFIX });
  const store = createArtifactStore(env);
  try {
    const summary = await new CourseStore(db).summary(values.course);
    const doc = summary && (await new CourseStore(db).document(values.course));
    if (!summary || !doc) {
      err(`course-not-found: no course ${values.course}`);
      process.exitCode = 1;
      return;
    }
    const context = { classification: summary.classification, country: summary.country, region: summary.region };
    const subjects = ['course', ...doc.course.holes.flatMap((h) => [`hole-${h.number}`, `green-${h.number}`, `profile-elevation-${h.number}`])];
    const submitter = new RenderSubmitter(queue, events);
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
        const { jobId } = await submitter.submit({ artifactKey: key, courseId: values.course, courseRevision: summary.revision, request: request as unknown as Record<string, unknown> });
        waits.push(
          submitter.wait(jobId, Number(values['timeout-seconds']) * 1000).then((outcome) => {
            if (outcome.state === 'done') finish('rendered');
            else finish('failed', `${style} ${subject}: ${outcome.state === 'pending' ? 'still rendering at the timeout' : outcome.reason}`);
          }),
        );
      }
    }
    progress(done, total, counts);
    await Promise.all(waits);
    err(`\n${values.course}: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
    for (const failure of failures) err(`  failed: ${failure}`);
    if (counts.failed > 0 && counts.rendered + counts.hit === 0) process.exitCode = 1;
  } finally {
    await events.close();
    await queue.close();
    await db.destroy();
  }
}

main().catch((error) => {
  err(`prewarm failed: ${(error as Error).message}`);
  process.exit(1);
});
