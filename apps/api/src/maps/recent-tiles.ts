import { MAP_TILE_FORMATS, type MapTileFormat } from '@caddie/styles';
import type { MapTileSize } from '@caddie/renderer';
import type { TileRef } from './map-archives.service';

/** A located tile: its strong ETag and where its bytes lie in which archive. */
export interface LocatedTile extends TileRef {
  etag: string;
  contentType: string;
}

/** A located tile and the course revision it was located at. */
export interface RecentTile {
  revision: string;
  tile: LocatedTile;
}

/** Which encoding of a tile: its size and format. */
type TileEncoding = { tileSize: MapTileSize; format: MapTileFormat };

/** Tiles remembered for one course: per tile size and format (tileKind), by z/x/y (tileNumber). */
type CourseTiles = Map<number, RecentTile>[];

/** A number per tile size and format (MAP_TILE_FORMATS), so a lookup builds no key string. */
const tileKind = (query: TileEncoding) => (query.tileSize === 512 ? MAP_TILE_FORMATS.length : 0) + MAP_TILE_FORMATS.indexOf(query.format);
/** z/x/y as one exact number (z < 2^5, x and y <= 2^22: 51 bits). */
const tileNumber = (z: number, x: number, y: number) => (z * 2 ** 23 + x) * 2 ** 23 + y;

const RECENT_TILE_LIMIT = 20_000;

/**
 * Tiles located at a course revision, by course, size, format and z/x/y. Bounded by the tiles of
 * all courses together: past RECENT_TILE_LIMIT the course that least recently had a tile located is
 * forgotten whole (its next requests locate their tiles again). Whether an entry may still answer
 * (its revision current) is the caller's to check.
 */
export class RecentTiles {
  private readonly courses = new Map<string, CourseTiles>();
  private count = 0;

  get(courseId: string, encoding: TileEncoding, z: number, x: number, y: number): RecentTile | undefined {
    return this.courses.get(courseId)?.[tileKind(encoding)]?.get(tileNumber(z, x, y));
  }

  remember(courseId: string, encoding: TileEncoding, z: number, x: number, y: number, entry: RecentTile): void {
    let course = this.courses.get(courseId);
    if (course) this.courses.delete(courseId);
    else course = [];
    this.courses.set(courseId, course);
    const tiles = (course[tileKind(encoding)] ??= new Map());
    const number = tileNumber(z, x, y);
    if (!tiles.has(number)) this.count++;
    tiles.set(number, entry);
    while (this.count > RECENT_TILE_LIMIT) {
      const [oldest, kinds] = this.courses.entries().next().value as [string, CourseTiles];
      this.courses.delete(oldest);
      for (const forgotten of kinds) this.count -= forgotten?.size ?? 0;
    }
  }
}
