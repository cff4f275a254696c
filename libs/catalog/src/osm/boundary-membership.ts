/**
 * Which leisure=golf_course boundary each feature lies in. A bulk dump (a country file) is
 * split into courses this way. The feature's centroid decides (the smallest containing
 * boundary wins, for courses nested in a larger golf area); a feature whose centroid is in no
 * boundary goes to the boundary holding most of its vertices.
 */
import { allVertices, boxesOverlap, localProjection, pointInShape, shapeArea, shapeCentroid, toPlanarShape, type PlanarShape } from './planar-geometry';
import type { ClassifiedFeature } from './classified-feature';

export interface BoundaryMembers {
  boundary: ClassifiedFeature;
  members: ClassifiedFeature[];
  /** set when no leisure=golf_course object exists and the boundary was drawn around hole lines */
  inferred?: { how: string };
}

export interface Membership {
  courses: BoundaryMembers[];
  outside: ClassifiedFeature[];
}

export function groupByBoundary(features: ClassifiedFeature[]): Membership {
  // containment is unchanged by this affine projection, so one origin serves a whole country
  const projection = localProjection([0, 0]);
  const boundaries = features
    .filter((f) => f.layer === 'course-boundary')
    .map((boundary) => {
      const shape = toPlanarShape(boundary.feature.geometry, projection);
      return { boundary, shape, area: shapeArea(shape), members: [] as ClassifiedFeature[] };
    });
  const outside: ClassifiedFeature[] = [];
  for (const feature of features) {
    if (feature.layer === 'course-boundary') continue;
    const shape = toPlanarShape(feature.feature.geometry, projection);
    const candidates = boundaries.filter((b) => boxesOverlap(b.shape.box, shape.box));
    const owner = ownerOf(shape, candidates);
    if (owner) owner.members.push(feature);
    else outside.push(feature);
  }
  return { courses: boundaries.map(({ boundary, members }) => ({ boundary, members })), outside };
}

function ownerOf<T extends { shape: PlanarShape; area: number }>(shape: PlanarShape, candidates: T[]): T | null {
  if (candidates.length === 0) return null;
  const centroid = shapeCentroid(shape);
  const containing = candidates.filter((c) => pointInShape(centroid, c.shape)).sort((a, b) => a.area - b.area);
  if (containing.length > 0) return containing[0];
  let best: { candidate: T; inside: number } | null = null;
  const vertices = [...allVertices(shape)];
  for (const candidate of candidates) {
    const inside = vertices.filter((v) => pointInShape(v, candidate.shape)).length;
    if (inside > 0 && (!best || inside > best.inside)) best = { candidate, inside };
  }
  return best?.candidate ?? null;
}
