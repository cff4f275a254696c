import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplicationContext } from '@nestjs/common';
import { ALL_SCOPES, SCOPES } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { startApi, type ApiHarness } from '../support/api-harness';
import { multipart, scorecardDeadline, startScorecardWorker } from '../scorecards/scorecard-test-kit';
import { startRenderWorker } from '../support/render-worker-harness';

type Json = Record<string, any>;

interface ExampleOperation {
  operationId: string;
  method: string;
  path: string;
  operation: Json;
}

/** How long an example may keep answering 503 with Retry-After (the first map archive of a course renders thousands of tiles). */
const RETRY_FOR_MS = 900_000;

/**
 * The file a multipart example's binary part names, made as its text says: a printable the
 * service renders (`POST <path>/printables and body \`{…}\``), whose first page is downloaded
 * once ready. The scorecard examples upload the demo course's printed card this way.
 */
const PRINTABLE_FILE = /POST (\/v1\/courses\/[^/\s]+\/printables) and body `([^`]+)`/;

/**
 * Issue 57, point 9: every worked example of the OpenAPI document, sent as "Try it" sends it to
 * an API with the demo courses (as `npm start` seeds them) and the development key's grants,
 * answers one of its documented success statuses. Values the server issues (a printable id, a
 * render id and its receipt, a signed artifact URL) are taken from the answers of the create
 * examples, as a user trying the document would.
 */
describe('the OpenAPI examples against the demo courses', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let scorecardWorker: INestApplicationContext;
  let key: string;

  beforeAll(async () => {
    // the scorecard deadlines (20 s normalize, 30 s process) are for an idle machine; a loaded one reads the card slower,
    // and what is checked here is that the example's request succeeds, not how fast (the chaos suites bound that)
    api = await startApi({
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
      extraModules: [scorecardDeadline({ normalizeDeadlineMs: 120_000, processDeadlineMs: 120_000 })],
      requestBudgetMs: 150_000,
    });
    const store = api.app.get(CoursesService).store;
    for (const c of generateDemoCourses()) await store.upsert(c, courseRevision(c));
    // the development key of npm start: every scope a private key may hold, every dataset
    key = (await api.createKey({ kind: 'test', scopes: ALL_SCOPES.filter((s) => SCOPES[s].audience !== 'publishable'), datasets: ['*'] })).key;
    // two batch slots, so the course's map archive (about 2,600 tiles) is built in minutes on this machine
    worker = await startRenderWorker(api, { WORKER_BATCH_CONCURRENCY: '2' });
    // a scorecard worker with the local reader, as npm start has: the scorecard examples are read for real
    scorecardWorker = await startScorecardWorker(api);
  }, 120_000);
  afterAll(async () => {
    await scorecardWorker?.close();
    await worker?.close();
    await api?.close();
  }, 60_000);

  it('answers every example with a documented success status', async () => {
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json() as Json;
    const examples: ExampleOperation[] = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        if (operation['x-example-summary']) examples.push({ operationId: operation.operationId, method: method.toUpperCase(), path, operation });
      }
    }
    expect(examples.length).toBeGreaterThan(30);

    const issued: Record<string, string> = {};
    const files = new Map<string, Buffer>();
    /** The bytes a binary part's example text names (a printable page the service renders), fetched once. */
    const fileNamedBy = async (text: string): Promise<Buffer> => {
      const named = PRINTABLE_FILE.exec(text);
      if (!named) throw new Error(`the example names no file the service provides: ${text}`);
      const cached = files.get(named[0]);
      if (cached) return cached;
      const headers = { 'x-api-key': key };
      const created = await api.request({ method: 'POST', url: named[1], headers, payload: JSON.parse(named[2]) as Json });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as Json).id as string;
      let printable = created.json() as Json;
      for (const giveUpAt = Date.now() + RETRY_FOR_MS; printable.status !== 'ready' && Date.now() < giveUpAt;) {
        await sleep(1000);
        printable = (await api.request({ method: 'GET', url: `/v1/printables/${id}`, headers })).json() as Json;
      }
      expect(printable.status).toBe('ready');
      const page = new URL(printable.links.pages[0] as string);
      const download = await api.request({ method: 'GET', url: `${page.pathname}${page.search}` });
      expect(download.statusCode).toBe(200);
      files.set(named[0], download.rawPayload);
      return download.rawPayload;
    };
    /** The request body as "Try it" sends it: the JSON example, or else the multipart one with its file. */
    const body = async (example: ExampleOperation): Promise<{ payload?: Json | Buffer; headers?: Record<string, string> }> => {
      const content = example.operation.requestBody?.content ?? {};
      const sent = content['application/json']?.example as Json | undefined;
      if (sent) return { payload: 'receipt' in sent && issued.receipt ? { ...sent, receipt: issued.receipt } : sent };
      const form = content['multipart/form-data'];
      if (!form?.example) return {};
      const binary = Object.entries((form.schema?.oneOf?.[0] ?? form.schema)?.properties ?? {})
        .filter(([, schema]) => (schema as Json).format === 'binary')
        .map(([name]) => name);
      const parts = await Promise.all(
        Object.entries(form.example as Record<string, string>).map(async ([name, value]) =>
          binary.includes(name) ? { name, value: await fileNamedBy(value), filename: `${name}.png`, contentType: 'image/png' } : { name, value },
        ),
      );
      return multipart(parts);
    };
    const send = async (example: ExampleOperation, retryForMs = 0) => {
      let url = example.path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = { 'x-api-key': key };
      for (const parameter of (example.operation.parameters ?? []) as Json[]) {
        const value = issued[parameter.name] ?? parameter.example;
        if (value === undefined) continue;
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        else if (parameter.in === 'query') query.set(parameter.name, String(value));
        else if (parameter.in === 'header') headers[parameter.name] = String(value);
      }
      const { payload, headers: bodyHeaders } = await body(example);
      const request = () =>
        api.request({
          method: example.method as 'GET',
          url: `${url}${query.size ? `?${query}` : ''}`,
          headers: { ...headers, ...bodyHeaders },
          ...(payload ? { payload } : {}),
        });
      let response = await request();
      // a 503 with Retry-After (the map archive still building on a fresh start) is retried as the document says
      for (
        const giveUpAt = Date.now() + retryForMs;
        response.statusCode === 503 && response.headers['retry-after'] && Date.now() < giveUpAt;
        response = await request()
      ) {
        await sleep(Number(response.headers['retry-after']) * 1000);
      }
      const success = Object.keys(example.operation.responses)
        .filter((status) => status.startsWith('2'))
        .map(Number);
      return {
        response,
        success,
        retryLater: response.statusCode === 503 && Boolean(response.headers['retry-after']),
        outcome: `${example.method} ${example.path}: ${response.statusCode}${success.includes(response.statusCode) ? '' : ` (documented ${success.join('/')}) ${response.body.slice(0, 160)}`}`,
      };
    };
    const byId = (id: string) => examples.find((e) => e.operationId === id)!;

    // the create examples first: their answers carry what the read examples need
    const outcomes: string[] = [];
    const graphic = await send(byId('createGraphicRender'));
    outcomes.push(graphic.outcome);
    const descriptor = graphic.response.json() as Json;
    const artifactUrl = new URL(descriptor.artifact.imageUrl as string);
    Object.assign(issued, {
      renderId: descriptor.render.id,
      receipt: descriptor.render.receipt,
      token: decodeURIComponent(artifactUrl.pathname.split('/').pop()!),
      exp: artifactUrl.searchParams.get('exp')!,
      sig: artifactUrl.searchParams.get('sig')!,
    });
    const printable = await send(byId('createPrintable'));
    outcomes.push(printable.outcome);
    issued.printableId = (printable.response.json() as Json).id;
    // the files the upload examples name, rendered now: queued behind the course's map archive (thousands of tiles) they would wait for minutes
    for (const example of examples) await body(example);

    const first = ['createGraphicRender', 'createPrintable'];
    const last = examples.filter((e) => e.method === 'DELETE');
    const later: ExampleOperation[] = [];
    for (const example of examples) {
      if (first.includes(example.operationId) || last.includes(example)) continue;
      const sent = await send(example);
      if (sent.retryLater) later.push(example);
      else outcomes.push(sent.outcome);
    }
    // those still waiting for the course's map archive, once everything else has been tried
    for (const example of later) outcomes.push((await send(example, RETRY_FOR_MS)).outcome);
    for (const example of last) outcomes.push((await send(example)).outcome);

    expect(outcomes.filter((line) => line.includes('documented'))).toEqual([]);
    // every example was tried, the scorecard uploads among them
    expect(outcomes.length).toBe(examples.length);
    expect(outcomes.filter((line) => /^POST \S*\/scorecards\/(normalize|process): 200$/.test(line))).toHaveLength(2);
  }, 1_200_000);
});
