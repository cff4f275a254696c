import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Operation } from '../platform/http/operation.decorator';
import { ValidParams, ValidQuery } from '../platform/http/validated-input';
import { ApiProblem } from '../platform/problems/api-problem';
import { etagListMatches, resolveByteRange } from './byte-range';
import { apiPath, deprecate } from '../platform/http/deprecation';
import { COMMON_PROBLEMS, courseParams, integer, mapAccess, NO_STORE, planSpec, revision, tileQuery, type PlanQuery } from './maps.operations';
import { MAP_EXAMPLES } from './map-examples';
import { MapsService, type TileQuery } from './maps.service';

/** Plans, static maps and archives; the tiles themselves are direct routes (TileRoutes). */
@Controller()
export class MapsController {
  constructor(private readonly maps: MapsService) {}

  @Get('courses/:courseId/maps/tiles')
  @Operation(planSpec('getMapTilePlan', false))
  async plan(@ValidParams() params: { courseId: string }, @ValidQuery() query: PlanQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('cache-control', NO_STORE);
    return this.maps.plan(params.courseId, query.zoom, query);
  }

  @Get('maptiles/:courseId')
  @Operation(planSpec('getMapTilePlanDeprecated', true))
  async planAlias(@ValidParams() params: { courseId: string }, @ValidQuery() query: PlanQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    deprecate(reply, apiPath`/v1/courses/${params.courseId}/maps/tiles`);
    reply.header('cache-control', NO_STORE);
    return this.maps.plan(params.courseId, query.zoom, query);
  }

  @Get('courses/:courseId/maps/static')
  @Operation({
    ...mapAccess,
    operationId: 'getStaticMap',
    summary: 'Bounded static map (PNG)',
    description:
      'North-up PNG of bbox (west,south,east,north) at a zoom, cropped to the box rounded outward to whole Web Mercator pixels (256-pixel world), with a small mark and the data credit. Drawn from the pre-rendered archive (while that is still building, from the same tiles rendered on demand, so the first static map of a course does not wait for the whole archive): the box must overlap the coverage bounds (past them it is drawn as empty paper, so a margin around the course may be asked for) and the zoom lie inside the archive zoom range (422 bbox-outside-coverage); at most 4096x4096 pixels (422 static-map-too-large). X-Caddie-Map-Bounds gives the resolved bounds.',
    params: courseParams,
    query: z.strictObject({ bbox: z.string().max(200).describe('west,south,east,north in WGS84'), zoom: integer(0, 22).describe('Zoom 0..22'), revision }),
    responses: { 200: { description: 'The map', contentTypes: ['image/png'], headers: { 'X-Caddie-Map-Bounds': 'resolved west,south,east,north' } } },
    problems: [...COMMON_PROBLEMS, 'invalid-bbox', 'bbox-outside-coverage', 'static-map-too-large'],
    example: MAP_EXAMPLES.staticMap,
  })
  async staticMap(
    @ValidParams() params: { courseId: string },
    @ValidQuery() query: { bbox: string; zoom: number; revision?: string },
    @Res() reply: FastifyReply,
  ) {
    const { png, frame } = await this.maps.staticMap(params.courseId, query.bbox, query.zoom, query.revision);
    reply.header('content-type', 'image/png').header('cache-control', NO_STORE).header('x-caddie-map-bounds', frame.bounds.join(',')).send(png);
  }

  @Get('courses/:courseId/maps/archive.pmtiles')
  @Operation({
    ...mapAccess,
    operationId: 'getMapArchive',
    summary: 'The course map as one PMTiles v3 archive (HTTP Range)',
    description:
      'Whole archive (200) or one byte range (206) for Range: bytes=a-b, bytes=a- or bytes=-n; 416 with Content-Range: bytes */size when unsatisfiable. Strong ETag; If-Match (412 when it does not match), If-None-Match and If-Range are honoured. tileSize and format pick the archive (default 256 webp). Builds on first demand like the tile route.',
    params: courseParams,
    query: tileQuery,
    responses: {
      200: { description: 'The archive', contentTypes: ['application/vnd.pmtiles'], headers: { ETag: 'sha256 of the archive', 'Accept-Ranges': 'bytes' } },
      206: { description: 'One byte range', contentTypes: ['application/vnd.pmtiles'], headers: { 'Content-Range': 'bytes a-b/size' } },
      304: { description: 'Not modified (If-None-Match)' },
    },
    problems: [...COMMON_PROBLEMS, 'range-not-satisfiable', 'precondition-failed'],
    example: MAP_EXAMPLES.archive,
  })
  async archive(@ValidParams() params: { courseId: string }, @ValidQuery() query: TileQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const archive = await this.maps.archive(params.courseId, query);
    const headers = request.headers;
    reply.header('etag', archive.etag).header('accept-ranges', 'bytes').header('cache-control', NO_STORE);
    if (headers['if-match'] !== undefined && !etagListMatches(headers['if-match'], archive.etag)) {
      throw new ApiProblem('precondition-failed', 'If-Match does not match the archive ETag.', { headers: { etag: archive.etag } });
    }
    if (etagListMatches(headers['if-none-match'], archive.etag)) {
      reply.status(304).send();
      return;
    }
    const ifRange = headers['if-range'] as string | undefined;
    const rangeHeader = ifRange === undefined || ifRange.trim() === archive.etag ? headers.range : undefined;
    const range = resolveByteRange(rangeHeader, archive.size);
    if (range.kind === 'unsatisfiable') {
      throw new ApiProblem('range-not-satisfiable', `The archive has ${archive.size} bytes.`, { headers: { 'content-range': `bytes */${archive.size}` } });
    }
    reply.header('content-type', 'application/vnd.pmtiles');
    if (range.kind === 'full') {
      const body = await this.maps.readWhole(archive);
      if (!body) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
      reply.status(200).send(body);
      return;
    }
    const body = await this.maps.readRange(archive, range.start, range.end);
    if (!body) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${archive.size}`).send(body);
  }
}
