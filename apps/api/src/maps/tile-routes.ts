import { Injectable } from '@nestjs/common';
import { DirectRoutes, type DirectRouteInput } from '../platform/http/direct-routes';
import { ApiProblem } from '../platform/problems/api-problem';
import { etagListMatches } from './byte-range';
import { acceptTileInput, deprecate, tileSpec, type TileParams } from './maps.operations';
import { MapsService, type TileQuery } from './maps.service';

type TileInput = DirectRouteInput<TileParams, TileQuery>;

/**
 * GET /v1/courses/{courseId}/maps/tiles/{z}/{x}/{y} and its deprecated alias. Tile delivery is the
 * busiest route (a map view asks for dozens of tiles at once), so it is a direct route: the same
 * access, validation and problem answers as a controller route, without Nest's per-request
 * pipeline (bench:tiles measures it against nginx).
 */
@Injectable()
export class TileRoutes {
  constructor(
    routes: DirectRoutes,
    private readonly maps: MapsService,
  ) {
    routes.add({ method: 'GET', path: 'courses/:courseId/maps/tiles/:zoom/:x/:y', spec: tileSpec('getMapTile', false), accept: acceptTileInput, handle: (input: TileInput) => this.send(input) });
    routes.add({
      method: 'GET',
      path: 'maptiles/:courseId/:zoom/:x/:y',
      spec: tileSpec('getMapTileDeprecated', true),
      accept: acceptTileInput,
      handle: (input: TileInput) => {
        const { courseId, zoom, x, y } = input.params;
        deprecate(input.reply, `/v1/courses/${courseId}/maps/tiles/${zoom}/${x}/${y}`);
        return this.send(input);
      },
    });
  }

  private async send({ params, query, request, reply }: TileInput): Promise<void> {
    const tile = await this.maps.tile(params.courseId, params.zoom, params.x, params.y, query);
    // pinned URLs name immutable bytes; unpinned ones follow the current revision
    reply.header('etag', tile.etag).header('cache-control', tile.pinned ? 'private, max-age=86400, immutable' : 'private, no-cache');
    if (etagListMatches(request.headers['if-none-match'], tile.etag)) {
      reply.status(304).send();
      return;
    }
    const bytes = await tile.read();
    if (!bytes) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
    reply.header('content-type', tile.contentType).send(bytes);
  }
}
