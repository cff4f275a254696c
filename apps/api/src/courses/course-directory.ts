import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CourseStore, type DirectoryRow } from '@caddie/persistence';
import { negotiateContentCoding, type ContentCoding } from '../platform/http/content-coding';
import { ApiProblem } from '../platform/problems/api-problem';
import { etagListMatches } from '../maps/byte-range';
import './course-problems';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Rows read per query. SQLite reads block the event loop, so the directory is read and encoded
 * a page at a time with a turn of the loop between pages: a course summary waits at most one page.
 */
export const DIRECTORY_PAGE_ROWS = 2000;
/** Clients may reuse a directory for a minute, then revalidate (a 304 costs no body). */
export const DIRECTORY_CACHE_CONTROL = 'private, max-age=60, must-revalidate';
/**
 * How long a check of the catalog change lets the fast lane answer from memory without asking the
 * database again: catalog changes reach fast-lane answers within this time.
 */
export const DIRECTORY_RECHECK_MS = 1000;
/** Response header carrying the catalog change a directory reflects (the `since` of the next sync). */
export const CATALOG_CHANGE_HEADER = 'x-caddie-catalog-change';

/** A directory built for one catalog change, kept in every encoding a client may ask for. */
export interface BuiltDirectory {
  change: number;
  courses: number;
  /** strong validator of the content; each coding's ETag adds a suffix (their bytes differ) */
  contentTag: string;
  identity: Buffer;
  gzip: Buffer;
  /** filled in once the slower brotli encoding is done; gzip is served until then */
  brotli: Buffer | null;
  /** when the catalog change was last read and found to be this directory's (Date.now()) */
  confirmedAt: number;
}

/** What the route sends: status, headers and (except for 304) the body. */
export interface DirectoryAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

const compactCourse = (c: DirectoryRow) => ({
  id: c.id,
  name: c.name,
  location: { city: c.city, region: c.region, country: c.country, longitude: c.longitude, latitude: c.latitude },
});

const etagOf = (built: BuiltDirectory, coding: ContentCoding | 'identity') =>
  coding === 'identity' ? `"${built.contentTag}"` : `"${built.contentTag}-${coding}"`;

/** A built directory's answer to these Accept-Encoding and If-None-Match headers. */
function answerFrom(built: BuiltDirectory, acceptEncoding: string | string[] | undefined, ifNoneMatch: string | undefined): DirectoryAnswer {
  const coding = negotiateContentCoding(acceptEncoding, built.brotli ? ['br', 'gzip'] : ['gzip']);
  const headers: Record<string, string> = {
    etag: etagOf(built, coding),
    'cache-control': DIRECTORY_CACHE_CONTROL,
    [CATALOG_CHANGE_HEADER]: String(built.change),
  };
  // every coding's tag names the same content: a client that changed its Accept-Encoding still revalidates
  const tags = [etagOf(built, 'identity'), etagOf(built, 'gzip'), etagOf(built, 'br')];
  if (tags.some((tag) => etagListMatches(ifNoneMatch, tag))) return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (coding !== 'identity') headers['content-encoding'] = coding;
  const body = coding === 'br' ? built.brotli! : coding === 'gzip' ? built.gzip : built.identity;
  return { status: 200, headers, body };
}

/**
 * GET /v1/courses/bulk-ids: the directory of every active geometry-backed course, built once per
 * catalog change (read with a narrow paged query, encoded as JSON, gzip and brotli) and then
 * served from memory with a strong ETag. Each API process builds its own copy on first demand.
 */
@Injectable()
export class CourseDirectory {
  private readonly logger = new Logger(CourseDirectory.name);
  private readonly store: CourseStore;
  private built: BuiltDirectory | null = null;
  private building: Promise<BuiltDirectory> | null = null;
  private rechecking = false;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.store = new CourseStore(dataSource);
  }

  /**
   * The directory of the latest catalog change. Callers arriving while a build runs share it (a
   * snapshot from when it began, which its change header says), so a burst of callers during an
   * import causes one build, not one each.
   */
  async current(): Promise<BuiltDirectory> {
    if (this.building) return this.building;
    const checkedAt = Date.now();
    const change = await this.store.catalogChange();
    if (this.built && this.built.change === change) {
      this.built.confirmedAt = Math.max(this.built.confirmedAt, checkedAt);
      return this.built;
    }
    if (this.building) return this.building;
    this.building = this.build(change).finally(() => (this.building = null));
    return this.building;
  }

  /** The answer to a plain directory request, the catalog change read first. */
  async answer(acceptEncoding: string | string[] | undefined, ifNoneMatch: string | undefined): Promise<DirectoryAnswer> {
    return answerFrom(await this.current(), acceptEncoding, ifNoneMatch);
  }

  /**
   * The same answer synchronously from memory (the fast lane), while the last check of the catalog
   * change is younger than DIRECTORY_RECHECK_MS; null otherwise. Past half that age it checks
   * again in the background, so a busy directory stays on the fast path.
   */
  answerNow(acceptEncoding: string | string[] | undefined, ifNoneMatch: string | undefined): DirectoryAnswer | null {
    const built = this.built;
    if (!built || this.building) return null;
    const age = Date.now() - built.confirmedAt;
    if (age >= DIRECTORY_RECHECK_MS) return null;
    if (age >= DIRECTORY_RECHECK_MS / 2 && !this.rechecking) {
      this.rechecking = true;
      this.current()
        .catch((error: Error) => this.logger.warn(`catalog change check failed: ${error.message}`))
        .finally(() => (this.rechecking = false));
    }
    return answerFrom(built, acceptEncoding, ifNoneMatch);
  }

  /**
   * Courses written after catalog change `since`: those now listed (added or changed) and the ids
   * no longer listed. The change returned was read first, so a course written meanwhile is at
   * worst sent twice, never missed.
   */
  async changesSince(since: number) {
    const change = await this.store.catalogChange();
    if (since > change) {
      throw new ApiProblem(
        'unknown-catalog-change',
        `This catalog is at change ${change}; ${since} is ahead of it (another deployment, or a rebuilt database).`,
      );
    }
    const courses: ReturnType<typeof compactCourse>[] = [];
    const removed: string[] = [];
    for (let afterId: string | null = null; ; await nextTurn()) {
      const page = await this.store.changedSince(since, afterId, DIRECTORY_PAGE_ROWS);
      for (const row of page) {
        if (row.active) courses.push(compactCourse(row));
        else removed.push(row.id);
      }
      if (page.length < DIRECTORY_PAGE_ROWS) break;
      afterId = page[page.length - 1].id;
    }
    return { change, courses, removed };
  }

  private async build(change: number): Promise<BuiltDirectory> {
    const started = Date.now();
    const hash = createHash('sha256');
    // one buffer per page, joined by one copy at the end (no whole-catalog string to encode at once)
    const parts: Buffer[] = [];
    const add = (text: string) => {
      const bytes = Buffer.from(text);
      parts.push(bytes);
      hash.update(bytes);
    };
    add('{"courses":[');
    let courses = 0;
    for (let after: DirectoryRow | null = null; ; await nextTurn()) {
      const page = await this.store.directoryPage(after, DIRECTORY_PAGE_ROWS);
      if (page.length) add(`${courses ? ',' : ''}${JSON.stringify(page.map(compactCourse)).slice(1, -1)}`);
      courses += page.length;
      if (page.length < DIRECTORY_PAGE_ROWS) break;
      after = page[page.length - 1];
    }
    add(']}');
    const identity = Buffer.concat(parts);
    // zlib runs on the thread pool: the event loop keeps answering while it compresses
    const built: BuiltDirectory = {
      change,
      courses,
      contentTag: hash.digest('base64url').slice(0, 32),
      identity,
      gzip: await gzipAsync(identity, { level: 9 }),
      brotli: null,
      confirmedAt: started,
    };
    this.built = built;
    // brotli (quality 9: 11 costs tens of seconds at 40,000 courses for 8% fewer bytes) follows
    void brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.BROTLI_PARAM_LGWIN]: 24,
      },
    }).then(
      (brotli) => (built.brotli = brotli),
      (error: Error) => this.logger.warn(`brotli encoding of the directory failed, gzip is served: ${error.message}`),
    );
    this.logger.log(
      `directory built for catalog change ${change}: ${courses} courses, ${identity.length} bytes, gzip ${built.gzip.length}, in ${Date.now() - started} ms`,
    );
    return built;
  }
}
