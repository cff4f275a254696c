/**
 * npm run printables -- create --course ID --template yardage-book@1 [--option key=value …] --out book.zip
 *                       [--org ORG_ID] [--timeout-seconds 900]
 * Creates a printable for an organization through the render farm (the same flow, coalescing and
 * package as POST /v1/courses/{courseId}/printables), shows its pages rendering as a progress
 * bar, and writes the package ZIP (PDF, page PNGs, manifest.json). Needs running render workers.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createArtifactStore } from '@caddie/artifacts';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { PrintableFlowSubmitter, printablePackageKeys } from '@caddie/jobs';
import { CourseStore, openDatabase, OrganizationEntity, PrintableContentLocks, PrintableStore } from '@caddie/persistence';
import {
  compilePrintable,
  parsePrintableRequest,
  PrintableDataMissingError,
  PrintableRequestError,
  PrintableRuleViolationError,
  PrintableUnrenderableError,
} from '@caddie/printables';
import { flowBaseOf, newPrintableRow } from '../printables/printable-rows';
import { courseAndTimeoutOrExit, err, failureText, progress } from './cli-output';
import { openRenderQueue, type RenderQueueClients } from './render-queue';

const USAGE =
  'usage: npm run printables -- create --course ID --template yardage-book@1 [--option key=value …] --out book.zip [--org ORG_ID] [--timeout-seconds 900]';
/** Who created a printable from the command line (the API records the key id instead). */
const CLI_CREATOR = 'cli';
/** How long the CLI waits for an API request creating or deleting the same package. */
const CONTENT_WAIT_MS = 30_000;

/** key=value as the JSON the API would take: numbers and booleans typed, the rest strings. */
export function parseOptionArguments(pairs: string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--option takes key=value, not ${JSON.stringify(pair)}`);
    const raw = pair.slice(at + 1);
    options[pair.slice(0, at)] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw === 'true' ? true : raw === 'false' ? false : raw;
  }
  return options;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      course: { type: 'string' },
      template: { type: 'string' },
      option: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      org: { type: 'string' },
      'timeout-seconds': { type: 'string', default: '900' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'create' || !values.course || !values.template || !values.out) {
    err(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const timeoutMs = courseAndTimeoutOrExit(values.course, values['timeout-seconds'], USAGE);
  let request;
  try {
    request = parsePrintableRequest(values.template, parseOptionArguments(values.option));
  } catch (error) {
    err(error instanceof PrintableRequestError ? `${error.code}: ${error.message}` : (error as Error).message);
    process.exit(2);
  }

  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const store = createArtifactStore(env);
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  let clients: RenderQueueClients | undefined;
  try {
    const organizations = await db.getRepository(OrganizationEntity).find({ take: 2 });
    const organizationId = values.org ?? (organizations.length === 1 ? organizations[0].id : undefined);
    if (!organizationId || !(await db.getRepository(OrganizationEntity).existsBy({ id: organizationId }))) {
      err(
        `organization-not-found: ${values.org ? `no organization ${values.org}` : 'name the owning organization with --org ORG_ID (npm run keys -- list shows them)'}`,
      );
      process.exitCode = 1;
      return;
    }
    const doc = await new CourseStore(db).document(values.course);
    if (!doc) {
      err(`course-not-found: no course ${values.course}`);
      process.exitCode = 1;
      return;
    }
    let manifest;
    try {
      manifest = compilePrintable(doc.course, doc.revision, request);
    } catch (error) {
      if (
        error instanceof PrintableDataMissingError ||
        error instanceof PrintableRuleViolationError ||
        error instanceof PrintableUnrenderableError ||
        error instanceof PrintableRequestError
      ) {
        err(`${error.code}: ${error.message}`);
        process.exitCode = 1;
        return;
      }
      throw error;
    }
    const printables = new PrintableStore(db);
    const row = newPrintableRow(manifest, { organizationId, keyId: CLI_CREATOR });
    const keys = printablePackageKeys(organizationId, row.contentKey);
    const label = `${values.course} ${manifest.template}: ${manifest.pages.length} pages (${row.id})`;
    let submitter: PrintableFlowSubmitter | undefined;
    // the API's rule: whether the package is stored is decided under its lease, so no DELETE removes it meanwhile
    const submitted = await new PrintableContentLocks(db).withLease(organizationId, row.contentKey, CONTENT_WAIT_MS, async () => {
      if (await store.head(keys.zip)) {
        await printables.insert({ ...row, status: 'ready', pagesDone: row.pagesTotal });
        return null;
      }
      clients = openRenderQueue(env);
      await clients.events.waitUntilReady();
      submitter = new PrintableFlowSubmitter(clients.flows, clients.queue, clients.events);
      await printables.insert(row);
      const flow = await submitter.submit(flowBaseOf(row, manifest), row.pagesTotal);
      await printables.advance(row.id, { flowJobId: flow.jobId }, new Date().toISOString());
      return flow;
    });
    if (!submitted || !submitter) {
      err(`${label}: the same printable is already stored`);
    } else {
      const { jobId, coalesced } = submitted;
      err(`${label}: ${coalesced ? 'joined the render already under way' : 'submitted'}`);
      const deadline = started + timeoutMs;
      for (;;) {
        const state = await submitter.wait(jobId, Math.max(1, Math.min(1000, deadline - Date.now())));
        if (state.state === 'done') {
          progress(row.pagesTotal, row.pagesTotal, `rendered, ${seconds()} s`);
          process.stderr.write('\n');
          await printables.advance(row.id, { status: 'ready', pagesDone: row.pagesTotal }, new Date().toISOString());
          break;
        }
        if (state.state === 'failed' || state.state === 'missing') {
          process.stderr.write('\n');
          const reason = state.state === 'failed' ? failureText(state.reason) : 'the render job disappeared';
          err(`${label} failed after ${seconds()} s: ${reason}`);
          process.exitCode = 1;
          return;
        }
        progress(state.pagesDone, row.pagesTotal, `${state.started ? 'rendering' : 'queued'}, ${seconds()} s`);
        if (Date.now() >= deadline) {
          process.stderr.write('\n');
          err(`${label} still rendering at the timeout (${seconds()} s); it goes on in the render workers`);
          process.exitCode = 1;
          return;
        }
      }
    }
    const zip = await store.get(keys.zip);
    if (!zip) {
      err(`${label}: the package is missing from the artifact store`);
      process.exitCode = 1;
      return;
    }
    writeFileSync(values.out, zip.body);
    err(`${label}: wrote ${values.out} (${zip.body.length} bytes, ${seconds()} s)`);
    for (const warning of manifest.warnings) err(`  warning: ${warning}`);
    for (const missing of manifest.missingData) err(`  missing: ${missing}`);
  } finally {
    await clients?.close();
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((error) => {
    err(`printables failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
