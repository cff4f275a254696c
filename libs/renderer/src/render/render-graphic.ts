/**
 * The render pipeline: compose the camera for the subject, paint the style's artwork, clip it
 * with the perimeter mask, lay the paper beneath it, add putting-surface data, encode. Same course + same normalized request -> same bytes.
 */
import type { Course, Hole } from '@caddie/catalog';
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { flagPoint, furthestTee, teePoint } from '../composition/course-geometry';
import { composeCourse } from '../composition/course-composition';
import type { Composition } from '../composition/framing';
import { approachPoint, composeGreen, requireGreen } from '../composition/green-composition';
import { composeHole, holeFrameSettings, requireHole } from '../composition/hole-composition';
import { composeHoleRegion } from '../composition/region-composition-frame';
import type { Point2 } from '../composition/view-transform';
import { registerFonts } from '../fonts/register-fonts';
import { buildPuttingSurface, GreenDataError, paintDownhillArrows, paintElevationHeatmap, paintHeatmapLegend } from '../green-data';
import { OUTPUT_DPI, type NormalizedGraphicRequest } from '@caddie/styles';
import { paintColoredPencil } from '../painters/colored-pencil-painter';
import type { MapSubject, PaintContext } from '../painters/paint-context';
import { paperColors } from '../painters/palettes';
import { paintGraphingGrid, paintPaperFill, paintPaperGrain } from '../painters/paper-painter';
import { paintPencil, pencilStyling } from '../painters/pencil-painter';
import { applyFeatheredMask, applyMask, buildPerimeterMask, featherRaster } from '../painters/perimeter-mask';
import { pencilEnvelope } from '../painters/pencil-envelope';
import { paintTraditional } from '../painters/traditional-painter';
import { maskCoverage, paintAbovePerimeter, rasterCoverage } from '../painters/above-perimeter';
import { passesKeepingWoods, woodsCut } from '../painters/woods-edge';
import { checkElevationResolution } from './elevation-resolution';
import { paintProfileElevation, ProfileDataMissingError } from '../profile';
import { GraphicDataMissingError } from './graphic-data-missing-error';
import { checkOutputSize, encodeCanvas, type GraphicContentType } from './image-encoder';
import { RENDERER_VERSION } from './renderer-version';
import { OutputScale } from '../sizing/output-scale';
import { SPATIAL_SIDECAR_SCHEMA, type SpatialSidecar } from './spatial-sidecar';
import { ViewScene } from './view-scene';

export interface RenderedGraphic {
  bytes: Buffer;
  contentType: GraphicContentType;
  width: number;
  height: number;
  sidecar: SpatialSidecar;
}

/** The painted bitmap before encoding (the benchmark encodes it alone). */
export interface PaintedGraphic {
  canvas: Canvas;
  sidecar: SpatialSidecar;
  /** every pixel is opaque (a painted paper) */
  opaque: boolean;
}

export async function renderGraphic(course: Course, request: NormalizedGraphicRequest): Promise<RenderedGraphic> {
  const painted = paintGraphic(course, request);
  const { bytes, contentType } = await encodeCanvas(painted.canvas, {
    format: request.output.format,
    quality: request.output.quality,
    opaque: painted.opaque,
    dpi: request.output.dpi ?? OUTPUT_DPI.default,
  });
  return { bytes, contentType, width: request.output.width, height: request.output.height, sidecar: painted.sidecar };
}

export function paintGraphic(course: Course, request: NormalizedGraphicRequest): PaintedGraphic {
  const { width, height } = request.output;
  checkOutputSize(width, height);
  registerFonts();
  if (request.subject.type === 'profile-elevation') return paintProfile(course, request, request.subject.holeNumber);

  const subject = request.subject;
  let hole: Hole | null = null;
  let composition: Composition;
  if (subject.type === 'course') composition = composeCourse(course, request);
  else {
    hole = requireHole(course, subject.holeNumber);
    if (subject.type === 'green') composition = composeGreen(course, hole, request);
    else if (subject.type === 'hole-region') composition = composeHoleRegion(course, hole, request);
    else composition = composeHole(course, hole, holeFrameSettings(request), request.style.perimeterTreatment ?? 'classic');
  }
  const seed = `${course.id}:${subject.type}:${hole?.number ?? 0}`;
  const scene = new ViewScene(course, composition.transform, width, height, subject.type === 'course' ? null : (hole?.number ?? null), seed);
  const style = request.style;
  const sizes = new OutputScale(subject.type, width, height, request.output.dpi);
  const pencilFamily = style.graphicStyle !== 'traditional';
  const paint: PaintContext = {
    scene,
    style,
    subject: subject.type as MapSubject,
    // Pencil styles load no elevation (Graphics rules 2 and 3)
    ground: pencilFamily ? null : course.elevation.ground,
    playDirection: playDirections(course, scene),
    pixelScale: sizes.painterScale,
    sizes,
    perimeterDeferred: composition.mask !== null,
  };

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const paper = paperColors(style.paperTheme);
  // Pencil's envelope is one smoothed hand-drawn line with a crisp inside; the others feather
  const pencilOutline =
    style.graphicStyle === 'pencil' && composition.mask
      ? pencilEnvelope(
          composition.mask,
          composition.transform,
          width,
          height,
          pencilStyling(paint).perimeter.color,
          pencilStyling(paint).perimeter.width * paint.pixelScale,
        )
      : null;
  const feather = !pencilOutline && composition.mask ? buildPerimeterMask(composition.mask, composition.transform, width, height) : null;
  const feathered = feather ? featherRaster(feather, width, height) : null;
  // a feathered edge would fade woods into ghosts: they are cut at its midline instead
  if (feathered) paint.woodsCut = woodsCut(feathered);
  // The artwork is painted straight onto the output and clipped by the perimeter mask there;
  // the paper then goes beneath it (destination-over), which composites exactly as paper first
  // and the artwork on top, without a full-size artwork layer.
  if (style.graphicStyle === 'pencil') paintPencil(ctx, paint);
  else if (style.graphicStyle === 'colored-pencil') paintColoredPencil(ctx, paint);
  else paintTraditional(ctx, paint);
  if (feather && feathered) applyFeatheredMask(ctx, feather, feathered, passesKeepingWoods(paint.woodsCut));
  if (pencilOutline) applyMask(ctx, pencilOutline.mask, width, height);
  if (paper.fill) {
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    if (style.context?.graphing) paintGraphingGrid(ctx, scene, paper);
    paintPaperGrain(ctx, scene, paper, request.output.dpi);
    paintPaperFill(ctx, width, height, paper);
    ctx.restore();
  }
  const mask = pencilOutline?.mask ?? feather;
  if (mask) paintAbovePerimeter(ctx, paint, feathered ? rasterCoverage(feathered) : maskCoverage(mask, width, height));
  if (pencilOutline && style.pencilFeatures?.perimeter !== false) ctx.drawImage(pencilOutline.outline, 0, 0);
  // heatmap and slope arrows: every style but Pencil (graphics rule 2; the option table offers them in colored-pencil)
  if (hole && style.graphicStyle !== 'pencil') paintGreenData(ctx, course, hole, request, scene, sizes);

  const sidecar: SpatialSidecar = {
    schema: SPATIAL_SIDECAR_SCHEMA,
    rendererVersion: RENDERER_VERSION,
    courseId: course.id,
    subject,
    output: { width, height, format: request.output.format },
    projection: {
      kind: 'local-tangent-affine',
      origin: composition.transform.origin,
      metersPerDegreeLon: composition.transform.projection.lonScale,
      metersPerDegreeLat: composition.transform.projection.latScale,
      matrix: composition.transform.matrix,
      pixelsPerMeter: composition.transform.pixelsPerMeter,
      northRotationDegrees: composition.transform.northRotationDegrees,
    },
    contentBounds: composition.contentBounds,
    overflow: composition.overflow,
    anchors: hole ? holeAnchors(hole, composition, subject.type) : {},
    ...(composition.mask ? { perimeterTreatment: style.perimeterTreatment } : {}),
  };
  return { canvas, sidecar, opaque: paper.fill !== null };
}

function holeAnchors(hole: Hole, composition: Composition, subject: string): SpatialSidecar['anchors'] {
  const px = (p: [number, number]) => composition.transform.project(p).map((v) => Math.round(v * 100) / 100) as Point2;
  const anchors: SpatialSidecar['anchors'] = { tee: px(furthestTee(hole)?.center ?? teePoint(hole)), flag: px(flagPoint(hole)) };
  if (hole.greenCenter) anchors.greenCenter = px(hole.greenCenter);
  const approach = subject === 'green' ? approachPoint(hole) : null;
  if (approach) anchors.approach = px(approach);
  return anchors;
}

/** Unit play direction (metres) per hole, for mowing patterns; the image's up for unassigned turf. */
export function playDirections(course: Course, scene: ViewScene): PaintContext['playDirection'] {
  const cache = new Map<number, Point2>();
  // metres direction that points to the image top: the inverse of (0,-1)
  const up = scene.transform.pixelsToMeters([scene.width / 2, 0]);
  const mid = scene.transform.pixelsToMeters([scene.width / 2, scene.height / 2]);
  const fallback: Point2 = normalize([up[0] - mid[0], up[1] - mid[1]]) ?? [0, 1];
  return (holeNumbers) => {
    const n = holeNumbers[0];
    if (n === undefined) return fallback;
    let dir = cache.get(n);
    if (!dir) {
      const hole = course.holes.find((h) => h.number === n);
      const t = hole?.centerline.length ? scene.transform.toMeters(teePoint(hole)) : null;
      const f = hole?.centerline.length ? scene.transform.toMeters(flagPoint(hole)) : null;
      dir = (t && f && normalize([f[0] - t[0], f[1] - t[1]])) || fallback;
      cache.set(n, dir);
    }
    return dir;
  };
}

function normalize(v: Point2): Point2 | null {
  const len = Math.hypot(v[0], v[1]);
  return len > 1e-9 ? [v[0] / len, v[1] / len] : null;
}

/** Elevation heatmap (hole, green) and downhill arrows (green) on top of the painted green. */
function paintGreenData(ctx: SKRSContext2D, course: Course, hole: Hole, request: NormalizedGraphicRequest, scene: ViewScene, sizes: OutputScale): void {
  const data = request.greenData;
  const heatmap = data?.heatmap === 'elevation';
  const breaks = request.subject.type === 'green' && data?.breaks === true;
  if (!heatmap && !breaks) return;
  const green = requireGreen(course, hole);
  checkElevationResolution(course, request);
  const grid = course.elevation.greens[String(hole.number)];
  if (!grid) throw new GraphicDataMissingError('elevation-missing', `hole ${hole.number} has no putting-surface elevation`);
  try {
    const surface = buildPuttingSurface(green.geometry as never, grid);
    const project = (lon: number, lat: number) => scene.transform.project([lon, lat]);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (heatmap) paintElevationHeatmap(ctx, surface, project, { opacity: data?.heatmapOpacity ?? 0.42 });
    if (breaks) {
      paintDownhillArrows(ctx, surface, project, {
        layout: data?.breakStyle === 'grid' ? 'grid' : 'fluid',
        density: (data?.breakDensity as 'light' | 'medium' | 'high') ?? 'medium',
        color: data?.breakColor ?? 'dark',
        opacity: 1,
        pixelsPerMeter: scene.pixelsPerMeter,
        pixelsPerMm: sizes.mm(1),
      });
    }
    if (heatmap && data?.heatmapLegend) {
      paintHeatmapLegend(ctx, surface, { opacity: data.heatmapOpacity ?? 0.42, width: scene.width, height: scene.height, mm: (v) => sizes.mm(v) });
    }
    ctx.restore();
  } catch (error) {
    if (error instanceof GreenDataError) {
      throw new GraphicDataMissingError(error.code === 'green-elevation-missing' ? 'elevation-missing' : error.code, error.message);
    }
    throw error;
  }
}

function paintProfile(course: Course, request: NormalizedGraphicRequest, holeNumber: number): PaintedGraphic {
  const { width, height } = request.output;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  let metadata: Awaited<ReturnType<typeof paintProfileElevation>>;
  try {
    metadata = paintProfileElevation(ctx, { width, height }, course, holeNumber, request.style);
  } catch (error) {
    if (error instanceof ProfileDataMissingError) throw new GraphicDataMissingError(error.code, error.message);
    throw error;
  }
  const box = metadata.presentation.contentBounds;
  const sidecar: SpatialSidecar = {
    schema: SPATIAL_SIDECAR_SCHEMA,
    rendererVersion: RENDERER_VERSION,
    courseId: course.id,
    subject: request.subject,
    output: { width, height, format: request.output.format },
    projection: null,
    contentBounds: { x: box.x, y: box.y, width: box.width, height: box.height },
    overflow: { clipped: false, left: 0, top: 0, right: 0, bottom: 0 },
    anchors: {},
    profileElevation: metadata as unknown as SpatialSidecar['profileElevation'],
  };
  return { canvas, sidecar, opaque: true };
}
