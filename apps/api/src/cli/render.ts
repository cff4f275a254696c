/**
 * Renders one graphic to a file, from the catalog database or the demo courses:
 *   node dist/apps/api/src/cli/render.js --course ID --subject hole-7 [--style pencil]
 *        [--option key=value]… [--out file.webp] [--demo] [--sidecar file.json]
 * Options are the GET query parameters (see GET /v1/styles); the format comes from --out.
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemoCourses, type Course } from '@caddie/catalog';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { GraphicsRequestError, parseGraphicsQuery } from '@caddie/styles';
import { GraphicDataMissingError, renderGraphic } from '@caddie/renderer';

const USAGE =
  'usage: render --course ID --subject hole-7|green-7|course|profile-elevation-7 [--style traditional|pencil|colored-pencil] [--option key=value]… [--out file.webp|.png|.jpg] [--sidecar file.json] [--demo]';
const err = (line: string) => process.stderr.write(`${line}\n`);

class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function loadCourse(id: string, demo: boolean): Promise<Course> {
  if (demo) {
    const course = generateDemoCourses().find((c) => c.id === id);
    if (!course)
      throw new CliError(
        'course-not-found',
        `no demo course ${id} (demo courses: ${generateDemoCourses()
          .map((c) => c.id)
          .join(', ')})`,
      );
    return course;
  }
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  try {
    const found = await new CourseStore(db).document(id);
    if (!found) throw new CliError('course-not-found', `course ${id} is not in the catalog (import it, or use --demo)`);
    return found.course;
  } finally {
    await db.destroy();
  }
}

function formatOf(out: string): string {
  const ext = extname(out).slice(1).toLowerCase();
  if (!ext) throw new CliError('unsupported-format', `--out ${out} needs an extension: .webp, .png, .jpg or .jpeg`);
  return ext;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      course: { type: 'string' },
      subject: { type: 'string', default: 'hole-1' },
      style: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      sidecar: { type: 'string' },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.course) {
    err(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const query: Record<string, string> = {};
  for (const pair of values.option) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError('invalid-option', `--option ${pair}: expected key=value`);
    query[pair.slice(0, at)] = pair.slice(at + 1);
  }
  if (values.style) query.graphicStyle = values.style;
  const out = values.out ?? `${values.course}-${values.subject}.webp`;
  const course = await loadCourse(values.course, values.demo);
  const request = parseGraphicsQuery(values.subject, formatOf(out), query, {
    classification: course.classification,
    country: course.location.country,
    region: course.location.region,
  });
  const started = Date.now();
  const rendered = await renderGraphic(course, request);
  await writeFile(out, rendered.bytes);
  if (values.sidecar) await writeFile(values.sidecar, JSON.stringify(rendered.sidecar, null, 2));
  err(`${out}: ${rendered.width}x${rendered.height} ${rendered.contentType}, ${rendered.bytes.length} bytes in ${Date.now() - started} ms`);
}

main().catch((error) => {
  if (error instanceof GraphicsRequestError) {
    err(`invalid request (${error.problems.map((p) => `${p.parameter}: ${p.code} ${p.detail}`).join('; ')})`);
    process.exit(2);
  }
  if (error instanceof GraphicDataMissingError || error instanceof CliError || typeof (error as { code?: unknown }).code === 'string') {
    err(`${(error as { code: string }).code}: ${(error as Error).message}`);
    process.exit(error instanceof CliError && error.code === 'invalid-option' ? 2 : 1);
  }
  err(`render failed: ${(error as Error).message}`);
  process.exit(1);
});
