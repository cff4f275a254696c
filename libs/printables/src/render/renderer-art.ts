/**
 * Raster artwork from @caddie/renderer. Its painters composite offscreen layers and pixel masks,
 * so a hole or green is placed as an image at the page's dpi; every number, line and mark on top
 * is drawn as a vector by the page painters, through the projection the renderer reports.
 */
import type { Course, Hole, LonLat } from '@caddie/catalog';
import { LocalProjection } from '@caddie/geometry';
import { paintGraphic, projectWithSidecar, type SpatialSidecar } from '@caddie/renderer';
import { parseGraphicsBody } from '@caddie/styles';
import type { Canvas } from '@napi-rs/canvas';
import type { GreenOutline } from '../compile/green-framing';
import { artPaintDpi, greenArtPixels, holeArtPixels } from '../compile/raster-plan';
import type { RectIn } from '../compile/page-layout';
import { pt } from './page-context';

/** Raster art in a page frame, with the projection from lon/lat to page points. */
export interface PlacedArt {
  canvas: Canvas;
  /** where the raster sits on the page, points */
  x: number;
  y: number;
  width: number;
  height: number;
  sidecar: SpatialSidecar;
  toPage(point: LonLat): [number, number];
  /** page points per metre on the ground */
  pointsPerMeter: number;
}

function place(canvas: Canvas, sidecar: SpatialSidecar, x: number, y: number, width: number, height: number): PlacedArt {
  const k = width / canvas.width;
  const pointsPerMeter = (sidecar.projection?.pixelsPerMeter ?? 0) * k;
  return {
    canvas,
    x,
    y,
    width,
    height,
    sidecar,
    pointsPerMeter,
    toPage: (point) => {
      const [px, py] = projectWithSidecar(sidecar, point);
      return [x + px * k, y + py * k];
    },
  };
}

/** tee end and flag end of the play line, as percentages of the art's height */
const HOLE_TEE_Y = 97;
const HOLE_FLAG_Y = 3;

/**
 * A hole as a yardage book draws it: tee at the bottom, green at the top, the play line's
 * length filling the frame's height (exact composition), so the ground either side is cropped
 * to the frame's width. The line is shifted sideways so a dogleg's bend stays centred.
 */
export function holeFraming(hole: Hole, widthPx: number, heightPx: number) {
  const tee = hole.centerline[0];
  const flag = hole.pin ?? hole.greenCenter ?? hole.centerline[hole.centerline.length - 1];
  const projection = new LocalProjection(tee);
  const [fx, fy] = projection.toMeters(flag);
  const length = Math.hypot(fx, fy);
  let shift = 0;
  if (length > 0) {
    // metres right of the tee -> flag line, of every point of the play line
    const offsets = hole.centerline.map((p) => {
      const [x, y] = projection.toMeters(p);
      return (x * fy - y * fx) / length;
    });
    const middle = (Math.min(...offsets) + Math.max(...offsets)) / 2;
    // about the scale the renderer picks: the line (and a little ground behind and beyond) over the target span
    const pixelsPerMeter = (((HOLE_TEE_Y - HOLE_FLAG_Y) / 100) * heightPx) / (length * 1.1);
    shift = Math.max(-25, Math.min(25, (-middle * pixelsPerMeter * 100) / widthPx));
  }
  const x = 50 + shift;
  return { layout: 'portrait', mode: 'exact', teeTarget: { x, y: HOLE_TEE_Y }, flagTarget: { x, y: HOLE_FLAG_Y } };
}

const styleContext = (course: Course) => ({ classification: course.classification, country: course.location.country, region: course.location.region });

/** `filled`: the play line at the frame's height (version 3 pages); otherwise the whole hole inside 4% padding. */
export function holeArt(course: Course, hole: Hole, frame: RectIn, dpi: number, graphicStyle: string, filled: boolean): PlacedArt {
  const { width, height } = holeArtPixels(
    frame,
    artPaintDpi(dpi, (d) => holeArtPixels(frame, d)),
  );
  const request = parseGraphicsBody(
    {
      subject: { type: 'hole', holeNumber: hole.number },
      output: { format: 'png', width, height },
      style: { graphicStyle },
      // tee at the bottom, green at the top, as a golfer reads a yardage book
      composition: filled ? holeFraming(hole, width, height) : { layout: 'portrait', padding: '4%' },
    },
    styleContext(course),
  );
  const painted = paintGraphic(course, request);
  return place(painted.canvas, painted.sidecar, pt(frame.x), pt(frame.y), pt(frame.width), pt(frame.height));
}

/**
 * The green at exactly 1:`denominator`, centred in the frame, approach from the bottom. The
 * renderer fits a green into its canvas with metric padding; choosing each side's padding so that
 * every side's fit gives the same pixels per metre pins the scale. When the frame holds more ground
 * than the padding may, the raster covers less than the frame and stays centred.
 */
export function greenArt(
  course: Course,
  outline: GreenOutline,
  frame: RectIn,
  denominator: number,
  pageDpi: number,
  graphicStyle: string,
  slopes: boolean,
): PlacedArt {
  const dpi = artPaintDpi(pageDpi, (d) => greenArtPixels(outline, frame, denominator, d));
  const { width, height, pixelsPerMeter } = greenArtPixels(outline, frame, denominator, dpi);
  const e = outline.extent;
  const half = { x: width / 2 / pixelsPerMeter, y: height / 2 / pixelsPerMeter };
  const padding = [half.y - e.top, half.x - e.right, half.y - e.bottom, half.x - e.left].map((m) => Math.max(1, Math.min(60, m)).toFixed(4)).join(' ');
  const request = parseGraphicsBody(
    {
      subject: { type: 'green', holeNumber: outline.hole.number },
      output: { format: 'png', width, height },
      style: { graphicStyle },
      greenComposition: { orientation: 'approach', gravity: 'center', paddingMeters: padding },
      ...(slopes ? { greenData: { breaks: true } } : {}),
    },
    styleContext(course),
  );
  const painted = paintGraphic(course, request);
  const actual = painted.sidecar.projection?.pixelsPerMeter ?? 0;
  if (Math.abs(actual / pixelsPerMeter - 1) > 0.002) {
    throw new Error(`hole ${outline.hole.number}: green painted at ${actual} px/m, the page needs ${pixelsPerMeter}`);
  }
  const widthPt = (width / dpi) * 72;
  const heightPt = (height / dpi) * 72;
  const x = pt(frame.x + frame.width / 2) - widthPt / 2;
  const y = pt(frame.y + frame.height / 2) - heightPt / 2;
  return place(painted.canvas, painted.sidecar, x, y, widthPt, heightPt);
}
