import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { AccessError, ApiKeyRegistry, ORGANIZATION_SCOPES, SCOPES, type KeyKind, type Scope } from '@caddie/access';
import { ConsoleSessions, type ConsoleSession } from '@caddie/console-session';
import { UsageUnitEntity } from '@caddie/persistence';
import { GRAPHIC_STYLES, OVERLAY_ITEMS_PER_REQUEST } from '@caddie/styles';
import { CourseDirectory } from '../courses/course-directory';
import { sendAnswer } from '../courses/directory-routes';
import { CoursesService } from '../courses/courses.service';
import { GraphicsService, RENDER_COUNT_SCOPE } from '../graphics/graphics.service';
import { allowedOverlaysFor } from '../graphics/allowed-overlays';
import { GraphicSubjectsService } from '../graphics/graphic-subjects.service';
import { OverlaysService } from '../graphics/overlays.service';
import { MapsService, type TileQuery } from '../maps/maps.service';
import { ApiKeysService } from '../platform/auth/api-keys.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { rateLimitHeaders } from '../platform/auth/access-policy';
import { RateLimiterService } from '../platform/rate-limit/rate-limiter.service';
import { ApiProblem } from '../platform/problems/api-problem';
import type { ProblemResponder } from '../platform/problems/problem.filter';
import { PrintablesService } from '../printables/printables.service';
import { ProcessingService } from '../scorecards/processing.service';
import { ScorecardsService } from '../scorecards/scorecards.service';
import { readConsoleAsset } from './console-assets';
import { mapFeatures } from './console-map-features';
import { consoleProblemPage, prefersHtml } from './console-problem-page';
import { correctedDraft, fittingDesign, printableCardPdf, productionDesigns, withFieldRegions } from './console-scorecards';
import { clearedSessionCookie, CONSOLE_PATH, readCookie, SESSION_COOKIE, sessionCookie } from './console-cookie';

/** Built console assets: `vite build` writes them to dist/console (this file runs from dist/apps/api/src/console). */
export const CONSOLE_ASSETS = join(__dirname, '..', '..', '..', '..', 'console');

const CSRF_HEADER = 'x-csrf-token';
// holes.detail places the hole numbers on the course map
const COURSE_DATASETS = 'identity,scorecard,holes.summary,holes.detail,greens.summary,provenance';
const RENDER_POLL_MS = 500;
/** Pages a compiled preview shows (each a small PNG; the whole book is one Create away). */
const PRINTABLE_PREVIEW_PAGES = 4;
const RENDER_POLL_LIMIT = 120;
const OVERLAY_ITEMS_MAX = OVERLAY_ITEMS_PER_REQUEST.max;
/** The kinds a console user can create, with what each is for (the form shows the text). */
const KEY_KIND_CHOICES: { id: KeyKind; description: string }[] = [
  { id: 'test', description: 'Private server key for development and tests. Keep it on your servers.' },
  { id: 'live', description: 'Private server key for production traffic. Keep it on your servers.' },
  { id: 'pk_test', description: 'Publishable browser key for development, accepted only from the origins you list.' },
  { id: 'pk_live', description: 'Publishable browser key for production web pages, accepted only from the origins you list.' },
];

interface SessionRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  session: ConsoleSession;
  secret: string;
}

type Handler = (input: SessionRequest) => Promise<unknown>;

const text = (value: unknown, name: string, max = 200): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new ApiProblem('invalid-parameter', `${name} must be a non-empty string of at most ${max} characters.`, {
      errors: [{ parameter: name, code: 'invalid-parameter', detail: 'expected a string' }],
    });
  }
  return value;
};

const integerParam = (value: string, name: string, max: number): number => {
  if (!/^\d{1,9}$/.test(value) || Number(value) > max)
    throw new ApiProblem('invalid-parameter', `${name} must be an integer 0..${max}.`, {
      errors: [{ parameter: name, code: 'invalid-parameter', detail: 'expected an integer' }],
    });
  return Number(value);
};

const coordinate = (value: string, name: string, limit: number): number => {
  const n = Number(value);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) || Math.abs(n) > limit) {
    throw new ApiProblem('invalid-parameter', `${name} must be a decimal number within ±${limit}.`, {
      errors: [{ parameter: name, code: 'invalid-parameter', detail: 'expected a number' }],
    });
  }
  return n;
};

/**
 * The console's own routes under `/console`: sign-in by one-time link, the session, and
 * `/console/api/...` calls that use the API's services in process for the organization of the
 * session. They are plain Fastify routes (not the `/v1` operations): the AccessGuard, the key
 * rate limits and the OpenAPI document do not apply, and no `/v1` route reads the session
 * cookie (the cookie's Path is /console, so browsers never even send it there).
 */
@Injectable()
export class ConsoleRoutes {
  private readonly sessions: ConsoleSessions;
  private readonly keys: ApiKeyRegistry;
  private readonly secureCookie: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ApiConfig,
    private readonly courses: CoursesService,
    private readonly directory: CourseDirectory,
    private readonly graphics: GraphicsService,
    private readonly subjects: GraphicSubjectsService,
    private readonly maps: MapsService,
    private readonly keyVerdicts: ApiKeysService,
    private readonly scorecards: ScorecardsService,
    private readonly processing: ProcessingService,
    private readonly printables: PrintablesService,
    private readonly overlays: OverlaysService,
    private readonly rateLimiter: RateLimiterService,
  ) {
    this.sessions = new ConsoleSessions(dataSource);
    this.keys = new ApiKeyRegistry(dataSource, config.operatorToken);
    this.secureCookie = config.publicBaseUrl.startsWith('https:');
  }

  /**
   * The console is outside the key rate limits (it has no key): each client address gets its own
   * budget, counted before the session is looked up so guessing cookies or links costs the same.
   */
  private async limitRate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const decision = await this.rateLimiter.consume(`console:${request.ip}`, this.config.env.CONSOLE_RATE_LIMIT_PER_MINUTE);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      throw new ApiProblem('rate-limited', `More than ${decision.limit} console requests in one minute from this address.`, {
        headers: { 'Retry-After': String(decision.resetSeconds) },
      });
    }
  }

  async mount(fastify: FastifyInstance, responder: ProblemResponder): Promise<void> {
    const fail = (error: unknown, request: FastifyRequest, reply: FastifyReply) => responder.send(error, request, reply);
    // a page a browser navigated to answers HTML that says what to do next; API clients keep the problem document
    const failPage = async (problem: ApiProblem, request: FastifyRequest, reply: FastifyReply) => {
      const page = prefersHtml(request.headers.accept) ? await consoleProblemPage(CONSOLE_ASSETS, problem) : null;
      if (!page) return fail(problem, request, reply);
      reply
        .status(problem.status)
        .headers({ ...page.headers, 'referrer-policy': 'no-referrer' })
        .send(page.body);
    };
    const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler, options: { csrf?: boolean } = {}) => {
      fastify.route({
        method,
        url: `${CONSOLE_PATH}/api${url}`,
        handler: async (request, reply) => {
          try {
            reply.header('cache-control', 'no-store');
            await this.limitRate(request, reply);
            const secret = readCookie(request.headers.cookie, SESSION_COOKIE);
            const session = await this.sessions.verify(secret);
            if (!session || !secret) throw new ApiProblem('console-session-required', 'Sign in through a console link (npm run console -- link).');
            if ((options.csrf ?? method !== 'GET') && !ConsoleSessions.csrfMatches(secret, request.headers[CSRF_HEADER])) {
              throw new ApiProblem('console-csrf-failed', `Send the ${CSRF_HEADER} header of GET /console/api/session.`);
            }
            const answer = await handler({ request, reply, session, secret });
            if (!reply.sent) reply.send(answer);
          } catch (error) {
            fail(error, request, reply);
          }
        },
      });
    };

    fastify.get(`${CONSOLE_PATH}/sign-in`, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      try {
        await this.limitRate(request, reply);
      } catch (error) {
        fail(error, request, reply);
        return;
      }
      const token = (request.query as Record<string, unknown>).token;
      const exchanged = typeof token === 'string' ? await this.sessions.exchange(token) : null;
      if (!exchanged) {
        await failPage(
          new ApiProblem('console-sign-in-invalid', 'This sign-in link is unknown, already used or expired. Create a new one: npm run console -- link'),
          request,
          reply,
        );
        return;
      }
      const maxAge = Math.max(1, Math.floor((Date.parse(exchanged.session.expiresAt) - Date.now()) / 1000));
      reply.header('set-cookie', sessionCookie(exchanged.secret, maxAge, this.secureCookie)).redirect(`${CONSOLE_PATH}/`, 303);
    });

    route('GET', '/session', async ({ session, secret }) => ({
      organization: { id: session.organizationId, name: session.organizationName },
      expiresAt: session.expiresAt,
      csrfToken: ConsoleSessions.csrfToken(secret),
    }));
    route('POST', '/sign-out', async ({ reply, secret }) => {
      await this.sessions.end(secret);
      reply.header('set-cookie', clearedSessionCookie(this.secureCookie)).status(204).send();
    });

    route('GET', '/courses', async ({ request, reply }) => {
      const answer = await this.directory.answer(request.headers['accept-encoding'], request.headers['if-none-match']);
      sendAnswer(reply, { ...answer, headers: { ...answer.headers, 'cache-control': 'no-store' } });
    });
    route('GET', '/courses/nearby/:longitude/:latitude', async ({ request }) => {
      const p = request.params as Record<string, string>;
      return this.courses.nearby(coordinate(p.longitude, 'longitude', 180), coordinate(p.latitude, 'latitude', 90));
    });
    route('GET', '/courses/:courseId', async ({ request, session }) => {
      const { courseId } = request.params as Record<string, string>;
      const summary = await this.courses.summary(courseId);
      const data = await this.courses.dataBundle(courseId, COURSE_DATASETS, undefined, await this.principal(session));
      return { summary, data };
    });
    route('GET', '/courses/:courseId/graphics', async ({ request }) => {
      const listing = await this.subjects.list((request.params as Record<string, string>).courseId);
      // the studio offers per subject and style only the overlays that render's receipt will authorize
      return {
        ...listing,
        subjects: listing.subjects.map((s) => ({
          ...s,
          allowedOverlaysByStyle: Object.fromEntries(GRAPHIC_STYLES.map((style) => [style, allowedOverlaysFor(s.type, style)])),
        })),
      };
    });
    route('GET', '/courses/:courseId/graphics/images/:subject/:format', async ({ request, reply, session }) => {
      const outcome = await this.rendered(request, await this.principal(session));
      await this.graphics.sendImage(outcome, reply, request.headers['if-none-match']);
      reply.header('cache-control', 'no-store');
    });
    // overlays of the preview's render: the same request names the same render; its descriptor's receipt resolves them
    route('POST', '/courses/:courseId/graphics/overlays/:subject/:format', async ({ request, session }) => {
      const b = (request.body ?? {}) as Record<string, unknown>;
      if (!Array.isArray(b.overlays) || b.overlays.length > OVERLAY_ITEMS_MAX) {
        throw new ApiProblem('invalid-parameter', `overlays must be an array of at most ${OVERLAY_ITEMS_MAX} components.`, {
          errors: [{ parameter: 'overlays', code: 'invalid-parameter', detail: 'expected an array' }],
        });
      }
      const principal = await this.principal(session);
      const outcome = await this.rendered(request, principal);
      if (outcome.cacheState === 'FAILED') throw outcome.failure!;
      if (outcome.cacheState === 'RENDERING') throw new ApiProblem('render-not-ready', 'The render is still running; retry when the preview shows.');
      const { render, artifact } = await this.graphics.descriptor(outcome, principal);
      const resolved = b.overlays.length
        ? await this.overlays.resolve(render.id, render.receipt, b.overlays, principal)
        : { renderId: render.id, artifact: { width: artifact.width, height: artifact.height, format: outcome.request.output.format }, overlays: [] };
      return { ...resolved, allowedOverlays: render.allowedOverlays };
    });
    route('GET', '/courses/:courseId/maps/tiles', async ({ request }) => {
      const { courseId } = request.params as Record<string, string>;
      const plan = await this.maps.plan(courseId, 16, { tileSize: 256, format: 'webp' });
      const template = `${CONSOLE_PATH}/api/courses/${encodeURIComponent(courseId)}/maps/tiles/{z}/{x}/{y}?revision=${plan.revision}`;
      return {
        tilejson: plan.tilejson,
        name: plan.name,
        attribution: plan.attribution,
        scheme: plan.scheme,
        tiles: [template],
        minzoom: plan.minzoom,
        maxzoom: plan.maxzoom,
        bounds: plan.bounds,
        center: plan.center,
        archive: { status: plan.archive.status },
      };
    });
    // the course's own shapes, which the map draws at once in the browser while its tiles are rendered on demand
    route('GET', '/courses/:courseId/maps/features', async ({ request }) => {
      const { course } = await this.courses.course((request.params as Record<string, string>).courseId);
      return mapFeatures(course);
    });
    route('GET', '/courses/:courseId/maps/tiles/:z/:x/:y', async ({ request, reply }) => {
      const p = request.params as Record<string, string>;
      const query: TileQuery = { tileSize: 256, format: 'webp', revision: (request.query as Record<string, string>).revision };
      const tile = await this.maps.tile(p.courseId, integerParam(p.z, 'z', 22), integerParam(p.x, 'x', 2 ** 22), integerParam(p.y, 'y', 2 ** 22), query);
      const bytes = await tile.read();
      if (!bytes) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
      reply.header('content-type', tile.contentType).header('cache-control', 'private, max-age=3600').send(bytes);
    });

    // scorecards: a printable card, then one photo normalized (page image + field regions) and processed (decisions), then corrections
    route('GET', '/scorecards/designs', async ({ request }) => {
      const courseId = (request.query as Record<string, unknown>).course;
      const designs = productionDesigns();
      // the design a card for this course starts from: a 9-hole course gets a 9-hole card
      const fitting = typeof courseId === 'string' && courseId ? fittingDesign(designs, (await this.courses.summary(courseId)).holeCount) : undefined;
      return { designs, fitting };
    });
    route('GET', '/scorecards/cards/:courseId/:design', async ({ request, reply }) => {
      const p = request.params as Record<string, string>;
      const { course } = await this.courses.course(p.courseId);
      const pdf = await printableCardPdf(p.design, course);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${p.courseId.replace(/[^A-Za-z0-9_-]/g, '')}-${p.design.replace(/[^A-Za-z0-9]/g, '')}.pdf"`)
        .send(pdf);
    });
    route('POST', '/scorecards/normalize', async ({ request, session }) => {
      request.principal = await this.principal(session);
      const answer = await this.scorecards.normalize(request);
      return withFieldRegions(answer.body);
    });
    route('POST', '/scorecards/process', async ({ request, session }) => {
      // the page sends an Idempotency-Key per photo, as a /v1 client does; one usage unit per completed photo
      request.principal = await this.principal(session);
      return (await this.processing.process(request)).body;
    });
    route('POST', '/scorecards/drafts', async ({ request }) => correctedDraft(request.body));

    // printables: templates, compile preview (nothing stored), create (waits up to the render deadline), list, read for progress, delete
    const printableBody = (body: unknown) => {
      const b = (body ?? {}) as Record<string, unknown>;
      if (b.options !== undefined && (typeof b.options !== 'object' || b.options === null || Array.isArray(b.options))) {
        throw new ApiProblem('invalid-parameter', 'options must be a JSON object.', {
          errors: [{ parameter: 'options', code: 'invalid-parameter', detail: 'expected an object' }],
        });
      }
      return { courseId: text(b.courseId, 'courseId'), template: text(b.template, 'template', 100), options: (b.options ?? {}) as Record<string, unknown> };
    };
    route('GET', '/printables/templates', async () => this.printables.templates());
    route('POST', '/printables/compile', async ({ request }) => {
      const { courseId, ...body } = printableBody(request.body);
      return this.printables.compile(courseId, { ...body, previewPages: PRINTABLE_PREVIEW_PAGES });
    });
    route('POST', '/printables', async ({ request, reply, session }) => {
      const { courseId, ...body } = printableBody(request.body);
      // answered at once: the page polls the printable and shows its pages as they render
      const { printable } = await this.printables.create(await this.principal(session), courseId, body, undefined, String(request.id), {
        waitForRender: false,
      });
      reply.status(201);
      return printable;
    });
    route('GET', '/printables', async ({ session }) => this.printables.list(await this.principal(session), { limit: 50 }));
    route('GET', '/printables/:printableId', async ({ request, session }) =>
      this.printables.read(await this.principal(session), (request.params as Record<string, string>).printableId),
    );
    route('DELETE', '/printables/:printableId', async ({ request, reply, session }) => {
      await this.printables.delete(await this.principal(session), (request.params as Record<string, string>).printableId);
      reply.status(204).send();
    });

    route('GET', '/keys', async ({ session }) => ({
      keys: (await this.keys.list()).filter((k) => k.organizationId === session.organizationId),
      kinds: KEY_KIND_CHOICES,
      // customers grant only the scopes an organization may hold; operator scopes are minted by the operator's CLI
      scopes: ORGANIZATION_SCOPES.map((id) => ({ id, audience: SCOPES[id].audience, description: SCOPES[id].description })),
      // what a new key may be given: the organization's own grants (identity always)
      organizationDatasets: await this.keys.organizationGrants(session.organizationId),
    }));
    route('POST', '/keys', async ({ request, reply, session }) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
      const granted = await this.keys.organizationGrants(session.organizationId);
      const beyond = list(body.datasets).filter((d) => !granted.includes(d));
      if (beyond.length)
        throw new ApiProblem(
          'console-key-invalid',
          `datasets-not-granted: this organization is not licensed for ${beyond.join(', ').slice(0, 300)}; ask the operator to grant them.`,
        );
      try {
        const created = await this.keys.create({
          organizationId: session.organizationId,
          name: text(body.name, 'name'),
          kind: text(body.kind, 'kind', 16),
          scopes: list(body.scopes),
          origins: list(body.origins),
          datasets: list(body.datasets),
          grantedBy: 'organization',
        });
        reply.status(201);
        return created;
      } catch (error) {
        if (error instanceof AccessError && error.code === 'scope-reserved-for-operator') throw new ApiProblem('console-scope-reserved', error.message);
        if (error instanceof AccessError) throw new ApiProblem('console-key-invalid', `${error.code}: ${error.message}`);
        throw error;
      }
    });
    route('DELETE', '/keys/:keyId', async ({ request, reply, session }) => {
      const { keyId } = request.params as Record<string, string>;
      const key = (await this.keys.list()).find((k) => k.id === keyId && k.organizationId === session.organizationId);
      if (!key) throw new ApiProblem('console-key-not-found', `No key ${keyId} in this organization.`);
      await this.keys.revoke(keyId);
      // other replicas stop accepting it within API_KEY_CACHE_SECONDS
      this.keyVerdicts.forget(keyId);
      reply.status(204).send();
    });
    route('GET', '/usage', async ({ session }) => {
      const rows: { scope: string; units: string | number }[] = await this.dataSource
        .getRepository(UsageUnitEntity)
        .createQueryBuilder('u')
        .select('u.scope', 'scope')
        .addSelect('COUNT(*)', 'units')
        .where('u.organization_id = :org', { org: session.organizationId })
        .groupBy('u.scope')
        .getRawMany();
      // started graphics renders are kept beside the units under their own scope: shown as the render count
      const renders = Number(rows.find((r) => r.scope === RENDER_COUNT_SCOPE)?.units ?? 0);
      return { usage: rows.filter((r) => r.scope !== RENDER_COUNT_SCOPE).map((r) => ({ scope: r.scope, units: Number(r.units) })), renders };
    });

    // the built pages (Vite output); a plain route, so the API needs no static-file plugin
    fastify.get(`${CONSOLE_PATH}/*`, async (request, reply) => {
      const asset = await readConsoleAsset(
        CONSOLE_ASSETS,
        (request.params as Record<string, string>)['*'] ?? '',
        String(request.headers['accept-encoding'] ?? ''),
      );
      if (!asset) {
        await failPage(
          new ApiProblem(
            'not-found',
            `No console page ${request.url.split('?')[0].slice(0, 200)}; the console starts at ${CONSOLE_PATH}/ (npm run build writes it).`,
          ),
          request,
          reply,
        );
        return;
      }
      reply.headers({ ...asset.headers, 'referrer-policy': 'no-referrer' }).send(asset.body);
    });
    fastify.get(CONSOLE_PATH, (_request, reply) => {
      reply.redirect(`${CONSOLE_PATH}/`, 302);
    });
  }

  /** The render of a console image path (`/courses/:courseId/graphics/.../:subject/:format?options`), waited for like a /v1 client polls. */
  private async rendered(request: FastifyRequest, principal: Principal) {
    const p = request.params as Record<string, string>;
    const { revision, request: normalized } = await this.graphics.fromQuery(p.courseId, p.subject, p.format, request.query as Record<string, string>);
    let outcome = await this.graphics.render(p.courseId, revision, normalized, principal);
    for (let i = 0; outcome.cacheState === 'RENDERING' && i < RENDER_POLL_LIMIT; i++) {
      await new Promise((resolve) => setTimeout(resolve, RENDER_POLL_MS));
      outcome = await this.graphics.byRenderId(outcome.renderId);
    }
    return outcome;
  }

  /** The in-process caller of the services for a session: the organization's own dataset grants, whatever keys exist. */
  private async principal(session: ConsoleSession): Promise<Principal> {
    const datasets = await this.keys.organizationGrants(session.organizationId);
    return {
      keyId: `console:${session.id.slice(0, 16)}`,
      organizationId: session.organizationId,
      kind: 'test' as KeyKind,
      publishable: false,
      // what the organization could grant itself, never an operator scope
      scopes: ORGANIZATION_SCOPES.filter((s) => SCOPES[s].audience !== 'publishable') as Scope[],
      origins: [],
      datasets,
      rateLimitPerMinute: null,
    };
  }
}
