import type { Meters2 } from '@caddie/geometry';
import type { GeometryLayer } from '../model';

export type PlanarGeometry = { type: 'Polygon'; rings: Meters2[][] } | { type: 'LineString'; line: Meters2[] } | { type: 'Point'; point: Meters2 };

/** A demo feature before projection to lon/lat. */
export interface PlanarFeature {
  id: string;
  layer: GeometryLayer;
  kind: string | null;
  name: string | null;
  holeNumbers: number[];
  teeSetId?: string | null;
  geometry: PlanarGeometry;
}

export function polygonFeature(
  id: string,
  layer: GeometryLayer,
  ring: Meters2[],
  props: { kind?: string | null; name?: string | null; holeNumbers?: number[]; teeSetId?: string | null } = {},
): PlanarFeature {
  return {
    id,
    layer,
    kind: props.kind ?? null,
    name: props.name ?? null,
    holeNumbers: props.holeNumbers ?? [],
    ...(props.teeSetId !== undefined ? { teeSetId: props.teeSetId } : {}),
    geometry: { type: 'Polygon', rings: [ring] },
  };
}

export function lineFeature(
  id: string,
  layer: GeometryLayer,
  line: Meters2[],
  props: { kind?: string | null; name?: string | null; holeNumbers?: number[] } = {},
): PlanarFeature {
  return {
    id,
    layer,
    kind: props.kind ?? null,
    name: props.name ?? null,
    holeNumbers: props.holeNumbers ?? [],
    geometry: { type: 'LineString', line },
  };
}

export function pointFeature(
  id: string,
  layer: GeometryLayer,
  point: Meters2,
  props: { kind?: string | null; name?: string | null; holeNumbers?: number[] } = {},
): PlanarFeature {
  return {
    id,
    layer,
    kind: props.kind ?? null,
    name: props.name ?? null,
    holeNumbers: props.holeNumbers ?? [],
    geometry: { type: 'Point', point },
  };
}

/** Every vertex of a feature, for hulls and bounds. */
export function featureVertices(feature: PlanarFeature): Meters2[] {
  const g = feature.geometry;
  if (g.type === 'Polygon') return g.rings.flat();
  if (g.type === 'LineString') return g.line;
  return [g.point];
}
