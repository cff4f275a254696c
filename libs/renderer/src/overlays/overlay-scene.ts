/**
 * What a component resolver may use: the course, the exact camera of the rendered artifact
 * (lon/lat -> output pixels through its sidecar) and the holes the subject shows.
 */
import type { Course, Hole, HoleTee, LonLat } from '@caddie/catalog';
import { LocalProjection, yardsToMeters } from '@caddie/geometry';
import { furthestTee } from '../composition/course-geometry';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { projectWithSidecar, type SpatialSidecar } from '../render/spatial-sidecar';
import { OverlayDataMissingError } from '@caddie/styles';
import { parseLonLatPair } from '@caddie/styles';
import { OutputScale } from '../sizing/output-scale';
import type { Pixel } from './overlay-instructions';
import { DEFAULT_OVERLAY_BUDGET, OverlayCostMeter } from './overlay-budget';

export interface OverlayContext {
  course: Course;
  request: NormalizedGraphicRequest;
  sidecar: SpatialSidecar;
}

/** The configured tee of a measuring component: a hole tee, or a free point given as coordinates. */
export interface ShotOrigin {
  point: LonLat;
  tee: HoleTee | null;
  /** the tee set's name when the origin is a tee of a known set */
  teeName: string | null;
}

export class OverlayScene {
  readonly width: number;
  readonly height: number;
  readonly pixelsPerMeter: number;
  /** overlay sizes are quoted at the subject's default output size and scale with the artifact */
  readonly sizes: OutputScale;

  constructor(
    readonly context: OverlayContext,
    /** what the request has spent; raster components charge it before painting */
    readonly cost: OverlayCostMeter = new OverlayCostMeter(DEFAULT_OVERLAY_BUDGET),
  ) {
    const projection = context.sidecar.projection;
    if (!projection) throw new OverlayDataMissingError('projection-missing', 'side views (elevation profiles) have no map camera and authorize no overlays');
    this.width = context.sidecar.output.width;
    this.height = context.sidecar.output.height;
    this.pixelsPerMeter = projection.pixelsPerMeter;
    this.sizes = new OutputScale(context.request.subject.type, this.width, this.height);
  }

  get course(): Course {
    return this.context.course;
  }

  project(point: LonLat): Pixel {
    return projectWithSidecar(this.context.sidecar, point);
  }

  yardsToPixels(yards: number): number {
    return yardsToMeters(yards) * this.pixelsPerMeter;
  }

  /** Every hole for a course view, else the subject's hole. */
  holes(): Hole[] {
    const subject = this.context.request.subject;
    if (subject.type === 'course') return this.course.holes;
    return [this.hole()];
  }

  /** The subject's hole; components that measure one hole need one. */
  hole(): Hole {
    const subject = this.context.request.subject;
    if (subject.type === 'course') throw new OverlayDataMissingError('hole-subject-required', 'this component measures one hole; a course view has none');
    const hole = this.course.holes.find((h) => h.number === subject.holeNumber);
    if (!hole) throw new OverlayDataMissingError('hole-not-found', `the course has no hole ${subject.holeNumber}`);
    return hole;
  }

  playLine(hole: Hole): LonLat[] {
    if (hole.centerline.length < 2) throw new OverlayDataMissingError('centerline-missing', `hole ${hole.number} has no measured play line`);
    return hole.centerline;
  }

  /** The mapped pin, else the green centre; nothing is inferred beyond that. */
  flagPoint(hole: Hole): LonLat {
    const point = hole.pin ?? hole.greenCenter;
    if (!point) throw new OverlayDataMissingError('green-missing', `hole ${hole.number} has no mapped pin or green centre`);
    return point;
  }

  greenCenter(hole: Hole): LonLat {
    if (!hole.greenCenter) throw new OverlayDataMissingError('green-missing', `hole ${hole.number} has no green centre`);
    return hole.greenCenter;
  }

  teeSetName(tee: HoleTee): string | null {
    return this.course.teeSets.find((s) => s.id === tee.teeSetId)?.name ?? null;
  }

  teeSetColor(tee: HoleTee): string | null {
    return this.course.teeSets.find((s) => s.id === tee.teeSetId)?.color?.toUpperCase() ?? null;
  }

  /** `from`: a "lon,lat" pair, a tee set name or id (case-insensitive), or the furthest tee. */
  shotOrigin(hole: Hole, from: string | undefined): ShotOrigin {
    if (from !== undefined) {
      const pair = parseLonLatPair(from);
      if (pair && pair !== 'invalid') return { point: pair, tee: null, teeName: null };
      const wanted = from.trim().toLowerCase();
      const set = this.course.teeSets.find((s) => s.name.toLowerCase() === wanted) ?? this.course.teeSets.find((s) => s.id.toLowerCase() === wanted);
      const tee = set ? hole.tees.find((t) => t.teeSetId === set.id) : undefined;
      if (!tee) throw new OverlayDataMissingError('tee-not-found', `hole ${hole.number} has no tee named ${JSON.stringify(from)}`);
      return { point: tee.center, tee, teeName: set!.name };
    }
    const tee = furthestTee(hole);
    if (!tee) throw new OverlayDataMissingError('tee-missing', `hole ${hole.number} has no mapped tee`);
    return { point: tee.center, tee, teeName: this.teeSetName(tee) };
  }

  /** A local metric frame for geometric work around a point (never returned). */
  localFrame(origin: LonLat): LocalProjection {
    return new LocalProjection(origin);
  }
}
