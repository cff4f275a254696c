/**
 * green-measurements: the green's depth (along the approach) and width (across it) as lines
 * with labels, from the catalog's green measurement and the green outline.
 *
 * `green-center`: depth is the measured front-to-back chord, width a line of the measured width
 * centred on the green centre. `maximum-dimensions`: both lines are the mid-lines of the green's
 * extent box along and across the approach. `outside` moves the depth line beside the green (to
 * the right of play) and the width line beyond its back.
 */
import { findHoleGreen, type LonLat } from '@caddie/catalog';
import { metersToYards, yardsToMeters, type Meters2 } from '@caddie/geometry';
import { OverlayDataMissingError } from '@caddie/styles';
import { labelBeyond, overlayStroke, px, yardLabel, type OverlayInstruction, type Pixel } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';
import { toMeterPolygons, unit } from './shot-geometry';

export function resolveGreenMeasurements(item: OverlayItemOf<'green-measurements'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  const measured = scene.course.measurements.greens.find((g) => g.holeNumber === hole.number);
  if (!measured) throw new OverlayDataMissingError('green-measurements-missing', `hole ${hole.number} has no green measurement`);
  const green = findHoleGreen(scene.course, hole);
  if (!green) throw new OverlayDataMissingError('green-missing', `hole ${hole.number} has no mapped green polygon`);

  // (along, across) axes of the approach in a frame at the green centre; across points right of play
  const frame = scene.localFrame(measured.center);
  const front = frame.toMeters(measured.front);
  const back = frame.toMeters(measured.back);
  if (Math.hypot(back[0] - front[0], back[1] - front[1]) < 1e-6) {
    throw new OverlayDataMissingError('green-measurements-missing', `hole ${hole.number}: the green measurement has no depth`);
  }
  const along = unit([back[0] - front[0], back[1] - front[1]]);
  const across: Meters2 = [along[1], -along[0]];
  const toAxes = (p: Meters2) => [p[0] * along[0] + p[1] * along[1], p[0] * across[0] + p[1] * across[1]] as const;
  const outline = toMeterPolygons(green.geometry, frame).flatMap((polygon) => polygon[0].map(toAxes));
  const extent = {
    alongMin: Math.min(...outline.map((p) => p[0])),
    alongMax: Math.max(...outline.map((p) => p[0])),
    acrossMin: Math.min(...outline.map((p) => p[1])),
    acrossMax: Math.max(...outline.map((p) => p[1])),
  };

  const s = item.style;
  const byCenter = item.origin === 'green-center';
  const depthFrom = byCenter ? toAxes(front)[0] : extent.alongMin;
  const depthTo = byCenter ? toAxes(back)[0] : extent.alongMax;
  let depthAcross = byCenter ? 0 : (extent.acrossMin + extent.acrossMax) / 2;
  const halfWidth = yardsToMeters(measured.widthYards) / 2;
  let widthFrom = byCenter ? -halfWidth : extent.acrossMin;
  let widthTo = byCenter ? halfWidth : extent.acrossMax;
  let widthAlong = byCenter ? 0 : (extent.alongMin + extent.alongMax) / 2;
  const depthYards = byCenter ? measured.depthYards : metersToYards(depthTo - depthFrom);
  const widthYards = measured.widthYards;
  if (s.linePosition === 'outside') {
    const clearance = (s.endCapSize + s.strokeWidth + s.labelGap) / scene.pixelsPerMeter;
    depthAcross = extent.acrossMax + clearance;
    widthAlong = extent.alongMax + clearance;
    // beyond the back, a width line centred on the green centre could float off to one side
    [widthFrom, widthTo] = [extent.acrossMin, extent.acrossMax];
  }

  const toPixel = (a: number, c: number): Pixel => {
    const lonLat: LonLat = frame.toLonLat([along[0] * a + across[0] * c, along[1] * a + across[1] * c]);
    return px(scene.project(lonLat));
  };
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle);
  const endCaps = s.endCap === 'none' ? undefined : { shape: s.endCap, sizePixels: s.endCapSize, color: s.strokeColor };
  const clearance = s.endCap === 'none' ? s.strokeWidth / 2 : s.endCapSize / 2;
  const instructions: OverlayInstruction[] = [];
  const lines: Record<string, unknown> = {};

  const addLine = (from: Pixel, to: Pixel, showLabel: boolean, labelEnd: 'top' | 'bottom' | 'left' | 'right', yards: number) => {
    instructions.push({ kind: 'line', from, to, stroke, ...(endCaps ? { endCaps } : {}) });
    if (!showLabel || !s.showLabels) return;
    const axis = labelEnd === 'top' || labelEnd === 'bottom' ? 1 : 0;
    const fromFirst = labelEnd === 'top' || labelEnd === 'left' ? from[axis] <= to[axis] : from[axis] > to[axis];
    const [end, other] = fromFirst ? [from, to] : [to, from];
    instructions.push(labelBeyond(end, [end[0] - other[0], end[1] - other[1]], clearance, yardLabel(yards, s.labelPrecision), s));
  };
  if (s.showDepth) {
    addLine(toPixel(depthFrom, depthAcross), toPixel(depthTo, depthAcross), s.showDepthLabel, item.depthLabelPosition, depthYards);
    lines.depthYards = Math.round(depthYards * 10) / 10;
  }
  if (s.showWidth) {
    addLine(toPixel(widthAlong, widthFrom), toPixel(widthAlong, widthTo), s.showWidthLabel, item.widthLabelPosition, widthYards);
    lines.widthYards = Math.round(widthYards * 10) / 10;
  }
  return {
    presentation: {
      origin: item.origin,
      depthLabelPosition: item.depthLabelPosition,
      widthLabelPosition: item.widthLabelPosition,
      labelUnit: 'yards',
      ...lines,
      style: s,
    },
    instructions,
  };
}
