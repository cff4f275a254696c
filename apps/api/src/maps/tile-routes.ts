import { Injectable } from '@nestjs/common';
import { DirectRoutes, type DirectRouteInput } from '../platform/http/direct-routes';
import type { FastAnswer, FastInput } from '../platform/http/fast-lane';
import { ApiProblem } from '../platform/problems/api-problem';
import { etagListMatches } from './byte-range';
import { apiPath, deprecate, deprecationHeaders } from '../platform/http/deprecation';
import { acceptTileInput, tileSpec, type TileParams } from './maps.operations';
import { MapsService, type TileQuery } from './maps.service';

type TileInput = DirectRouteInput<TileParams, TileQuery>;

const canonicalPath = ({ courseId, zoom, x, y }: TileParams) => apiPath`/v1/courses/${courseId}/maps/tiles/${zoom}/${x}/${y}`;

/** Pinned URLs name immutable bytes; unpinned ones follow the current revision. */
const cacheHeaders = (tile: { etag: string; pinned: boolean }): Record<string, string> => ({
  etag: tile.etag,
  'cache-control': tile.pinned ? 'private, max-age=86400, immutable' : 'private, no-cache',
});

/**
 * GET /v1/courses/{courseId}/maps/tiles/{z}/{x}/{y} and its deprecated alias. Tile delivery is the
 * busiest route (a map view asks for dozens of tiles at once), so it is a direct route: the same
 * access, validation and problem answers as a controller route, without Nest's per-request
 * pipeline; and a tile asked for again is answered by the fast lane from memory (bench:tiles
 * measures the route against nginx).
 */
@Injectable()
export class TileRoutes {
  constructor(
    routes: DirectRoutes,
    private readonly maps: MapsService,
  ) {
    routes.add({
      method: 'GET',
      path: 'courses/:courseId/maps/tiles/:zoom/:x/:y',
      spec: tileSpec('getMapTile', false),
      accept: acceptTileInput,
      handle: (input: TileInput) => this.send(input),
      answerNow: (input) => this.answerNow(input),
    });
    routes.add({
      method: 'GET',
      path: 'maptiles/:courseId/:zoom/:x/:y',
      spec: tileSpec('getMapTileDeprecated', true),
      accept: acceptTileInput,
      handle: (input: TileInput) => {
        deprecate(input.reply, canonicalPath(input.params));
        return this.send(input);
      },
      answerNow: (input) => this.answerNow(input, true),
    });
  }

  private async send({ params, query, request, reply }: TileInput): Promise<void> {
    const tile = await this.maps.tile(params.courseId, params.zoom, params.x, params.y, query);
    reply.headers(cacheHeaders(tile));
    if (etagListMatches(request.headers['if-none-match'], tile.etag)) {
      reply.status(304).send();
      return;
    }
    const bytes = await tile.read();
    if (!bytes) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
    reply.header('content-type', tile.contentType).send(bytes);
  }

  /** What send() answers, when the tile's location and bytes are in memory; null otherwise. */
  private answerNow(input: FastInput, deprecated = false): FastAnswer | null {
    const accepted = acceptTileInput(input.params, input.query);
    if (!accepted) return null;
    const { params, query } = accepted;
    const tile = this.maps.tileNow(params.courseId, params.zoom, params.x, params.y, query);
    if (!tile) return null;
    const headers = deprecated ? { ...deprecationHeaders(canonicalPath(params)), ...cacheHeaders(tile) } : cacheHeaders(tile);
    if (etagListMatches(input.headers['if-none-match'], tile.etag)) return { status: 304, headers };
    headers['content-type'] = tile.contentType;
    return { status: 200, headers, body: tile.bytes };
  }
}
