import type { SKRSContext2D } from '@napi-rs/canvas';
import { relativeFeetAt, type ElevationProfile } from './elevation-profile-sampler';
import { axisX, type ProfileDistanceAxis } from './profile-distance-axis';
import { verticalY, type ProfileVerticalScale } from './profile-vertical-scale';

export type ProfileLineStyle = 'smooth' | 'stepped';

/** Width of one stepped-line tread in pixels at the reference size: wide enough to read as steps. */
const STEP_TREAD_PIXELS = 12;

/**
 * The terrain as drawn: where the line sits at any distance, and how it is painted. Stepped
 * lines hold each tread at the mean of the samples under it, so markers sit on the treads.
 */
export class ProfileTerrain {
  private readonly treadMeters: number;
  private readonly treadFeet: number[] = [];

  constructor(
    private readonly profile: ElevationProfile,
    private readonly axis: ProfileDistanceAxis,
    private readonly vertical: ProfileVerticalScale,
    readonly lineStyle: ProfileLineStyle,
    scale: number,
  ) {
    this.treadMeters = Math.max(profile.stepMeters, (STEP_TREAD_PIXELS * scale) / axis.pixelsPerMeter);
    if (lineStyle === 'stepped') {
      const sums: number[] = [];
      const counts: number[] = [];
      for (const s of profile.samples) {
        const i = this.treadIndex(s.alongMeters);
        sums[i] = (sums[i] ?? 0) + s.relativeFeet;
        counts[i] = (counts[i] ?? 0) + 1;
      }
      for (let i = 0; i < sums.length; i++) this.treadFeet[i] = counts[i] ? sums[i] / counts[i] : relativeFeetAt(profile.samples, (i + 0.5) * this.treadMeters);
    }
  }

  /** Drawn height (feet from the green datum) at a distance from the tee. */
  feetAt(alongMeters: number): number {
    if (this.lineStyle === 'stepped') return this.treadFeet[this.treadIndex(alongMeters)];
    return relativeFeetAt(this.profile.samples, alongMeters);
  }

  yAt(alongMeters: number): number {
    return verticalY(this.vertical, this.feetAt(alongMeters));
  }

  /** Highest drawn point (smallest y) over a distance range; used to keep labels off the line. */
  topY(fromMeters: number, toMeters: number): number {
    const lo = Math.max(0, Math.min(fromMeters, toMeters));
    const hi = Math.min(this.axis.lengthMeters, Math.max(fromMeters, toMeters));
    let top = Math.min(this.yAt(lo), this.yAt(hi));
    for (const s of this.profile.samples) if (s.alongMeters > lo && s.alongMeters < hi) top = Math.min(top, verticalY(this.vertical, s.relativeFeet));
    if (this.lineStyle === 'stepped') {
      for (let along = lo; along < hi; along += this.treadMeters) top = Math.min(top, this.yAt(along));
    }
    return top;
  }

  /** The outline of one shown stretch as image points, left to right. */
  outline(fromMeters: number, toMeters: number): [number, number][] {
    const points: [number, number][] = [];
    const x = (along: number) => axisX(this.axis, along) as number;
    if (this.lineStyle === 'stepped') {
      // Walk by tread index, not by distance, so rounding at a tread edge cannot stall the walk.
      const last = this.treadIndex(this.axis.lengthMeters);
      let along = fromMeters;
      for (let i = this.treadIndex(fromMeters); along < toMeters - 1e-9; i++) {
        const treadEnd = i >= last ? toMeters : Math.min(toMeters, (i + 1) * this.treadMeters);
        if (treadEnd <= along) continue;
        const y = verticalY(this.vertical, this.treadFeet[Math.min(i, last)]);
        points.push([x(along), y], [x(treadEnd), y]);
        along = treadEnd;
      }
      return points;
    }
    points.push([x(fromMeters), this.yAt(fromMeters)]);
    for (const s of this.profile.samples) {
      if (s.alongMeters > fromMeters && s.alongMeters < toMeters) points.push([x(s.alongMeters), verticalY(this.vertical, s.relativeFeet)]);
    }
    points.push([x(toMeters), this.yAt(toMeters)]);
    return points;
  }

  /** Ground fill down to the base line, then the terrain line, for each shown stretch. */
  paint(ctx: SKRSContext2D, baseY: number, colors: { ground: string; line: string }, linePixels: number): void {
    for (const [from, to] of this.axis.segments) {
      const points = this.outline(from, to);
      ctx.beginPath();
      ctx.moveTo(points[0][0], baseY);
      for (const [px, py] of points) ctx.lineTo(px, py);
      ctx.lineTo(points[points.length - 1][0], baseY);
      ctx.closePath();
      ctx.fillStyle = colors.ground;
      ctx.fill();

      ctx.beginPath();
      traceLine(ctx, points, this.lineStyle === 'smooth');
      ctx.strokeStyle = colors.line;
      ctx.lineWidth = linePixels;
      ctx.lineJoin = this.lineStyle === 'smooth' ? 'round' : 'miter';
      ctx.lineCap = 'butt';
      ctx.stroke();
    }
  }

  private treadIndex(alongMeters: number): number {
    const last = Math.floor(this.axis.lengthMeters / this.treadMeters - 1e-9);
    return Math.max(0, Math.min(last, Math.floor(alongMeters / this.treadMeters)));
  }
}

/** Smooth lines run quadratic curves through segment midpoints, which removes sampling kinks. */
function traceLine(ctx: SKRSContext2D, points: [number, number][], smooth: boolean): void {
  ctx.moveTo(points[0][0], points[0][1]);
  if (!smooth || points.length < 3) {
    for (const [px, py] of points.slice(1)) ctx.lineTo(px, py);
    return;
  }
  for (let i = 1; i < points.length - 1; i++) {
    const [cx, cy] = points[i];
    const [nx, ny] = points[i + 1];
    ctx.quadraticCurveTo(cx, cy, (cx + nx) / 2, (cy + ny) / 2);
  }
  const [lx, ly] = points[points.length - 1];
  ctx.lineTo(lx, ly);
}

/** A low zigzag along the base line across the blank band of an omitted stretch. */
export function paintBreakZigzag(ctx: SKRSContext2D, left: number, right: number, y: number, amplitude: number, color: string, linePixels: number): void {
  const teeth = Math.max(2, Math.round((right - left) / (amplitude * 2.5)));
  const tooth = (right - left) / teeth;
  ctx.beginPath();
  ctx.moveTo(left, y);
  for (let i = 0; i < teeth; i++) {
    ctx.lineTo(left + (i + 0.5) * tooth, y - amplitude);
    ctx.lineTo(left + (i + 1) * tooth, y);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = linePixels;
  ctx.lineJoin = 'miter';
  ctx.stroke();
}
