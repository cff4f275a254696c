import { bbox as featureBBox, featureCollection } from '@turf/turf';
import { coarsestPrecision, demPrecision, type DemRaster, resampleToGrid } from '@caddie/geometry';
import type { BBox, Course, ProvenanceSource } from '../model';

/** Ground model margin around the course's features, so renders and profiles reach past the edges. */
export const GROUND_MARGIN_METERS = 150;

const METERS_PER_DEGREE = 111_320;

function featuresBBox(course: Course): BBox | null {
  return course.features.length ? (featureBBox(featureCollection(course.features)) as BBox) : null;
}

function courseBBox(course: Course): BBox | null {
  const features = featuresBBox(course);
  if (!features) return null;
  const [w, s, e, n] = features;
  const dLat = GROUND_MARGIN_METERS / METERS_PER_DEGREE;
  const dLon = GROUND_MARGIN_METERS / (METERS_PER_DEGREE * Math.cos((((s + n) / 2) * Math.PI) / 180));
  return [w - dLon, s - dLat, e + dLon, n + dLat];
}

/** The raster's own ground spacing: resampling finer would only interpolate. */
function nativeSpacingMeters(raster: DemRaster, latitude: number): number {
  return Math.min(raster.latStep * METERS_PER_DEGREE, raster.lonStep * METERS_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
}

/** Where a course's ground elevation came from: the DEM sources in its provenance. */
const isElevationSource = (source: ProvenanceSource) => source.kind === 'srtm' || source.kind === 'geotiff';
/** "no elevation" notes no longer hold once a ground model is attached (putting-surface notes still do) */
const withoutGroundNotes = (missing: string[]) => missing.filter((m) => !/elevation/i.test(m) || /green|putting/i.test(m));

/** The extent of a raster in degrees (cell edges), as [west, south, east, north]. */
export function rasterBounds(r: DemRaster): BBox {
  const west = r.originLon - r.lonStep / 2;
  const north = r.originLat + r.latStep / 2;
  return [west, north - r.height * r.latStep, west + r.width * r.lonStep, north];
}

function provenanceOf(raster: DemRaster): ProvenanceSource {
  const srtm = raster.source.startsWith('srtm');
  return {
    kind: srtm ? 'srtm' : 'geotiff',
    name: raster.source,
    license: srtm ? 'public-domain' : 'see source',
    attribution: srtm ? 'SRTM elevation (NASA/USGS), public domain' : `elevation from ${raster.source}`,
    ids: [raster.source],
  };
}

/**
 * Adds a ground elevation grid sampled from the DEM rasters that cover the course, at the
 * rasters' native spacing. A course the rasters do not cover is returned unchanged.
 */
export function attachGroundElevation(course: Course, rasters: readonly DemRaster[]): Course {
  const bounds = courseBBox(course);
  if (!bounds || !rasters.length) return course;
  const covering = rasters.filter((r) => {
    const [west, south, east, north] = rasterBounds(r);
    return west <= bounds[2] && east >= bounds[0] && south <= bounds[3] && north >= bounds[1];
  });
  if (!covering.length) return course;
  const latitude = (bounds[1] + bounds[3]) / 2;
  const spacing = Math.max(5, Math.min(...covering.map((r) => nativeSpacingMeters(r, latitude))));
  const sampled = resampleToGrid(covering, bounds, Math.round(spacing * 10) / 10, covering.map((r) => r.source).join('+'));
  // the grid spacing follows the finer axis; the precision says how coarse the source really is
  const grid = { ...sampled, precision: coarsestPrecision(covering.map((r) => demPrecision(r, latitude))) };
  if (grid.values.every((v) => v === null)) return course;
  return {
    ...course,
    elevation: { ...course.elevation, ground: grid },
    provenance: {
      ...course.provenance,
      // a new ground model replaces the one before it, sources included
      sources: [...course.provenance.sources.filter((s) => !isElevationSource(s)), ...covering.map(provenanceOf)],
      missing: withoutGroundNotes(course.provenance.missing),
    },
  };
}

/**
 * A re-import without elevation: the course as imported, with the ground model (and its
 * sources) of the stored course when that grid still covers every feature; null when there is
 * nothing to keep or the grid no longer covers the course (the caller then says it is removed).
 */
export function keepStoredGroundElevation(imported: Course, stored: Course): Course | null {
  const ground = stored.elevation.ground;
  const bounds = featuresBBox(imported);
  if (imported.elevation.ground || !ground || !bounds) return null;
  if (ground.west > bounds[0] || ground.south > bounds[1] || ground.east < bounds[2] || ground.north < bounds[3]) return null;
  return {
    ...imported,
    elevation: { ...imported.elevation, ground },
    provenance: {
      ...imported.provenance,
      sources: [...imported.provenance.sources.filter((s) => !isElevationSource(s)), ...stored.provenance.sources.filter(isElevationSource)],
      missing: withoutGroundNotes(imported.provenance.missing),
    },
  };
}
