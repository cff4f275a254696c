/** Components drawn along the play line: centerline, spine, shot dispersion, approach markers. */
import type { LonLat } from '@caddie/catalog';
import { furthestTee } from '../composition/course-geometry';
import { yardsToMeters, type Meters2 } from '@caddie/geometry';
import { OverlayDataMissingError } from '@caddie/styles';
import { labelBeyond, overlayStroke, px, type OverlayInstruction } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';
import { aimDirection, leftOf, lonLatPoints, pointAtRadius } from './shot-geometry';

const ELLIPSE_VERTICES = 72;

export function resolveHoleCenterline(item: OverlayItemOf<'hole-centerline'>, scene: OverlayScene): ComponentResolution {
  const s = item.style;
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle);
  const instructions: OverlayInstruction[] = scene.holes().flatMap((hole) => {
    if (scene.context.request.subject.type === 'course' && hole.centerline.length < 2) return [];
    return [{ kind: 'polyline' as const, points: scene.playLine(hole).map((p) => px(scene.project(p))), closed: false, stroke }];
  });
  return { presentation: { style: s }, instructions };
}

/** Furthest tee -> authored dogleg (never inferred) -> flag. */
export function resolveHoleSpine(item: OverlayItemOf<'hole-spine'>, scene: OverlayScene): ComponentResolution {
  const s = item.style;
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle);
  const instructions: OverlayInstruction[] = [];
  for (const hole of scene.holes()) {
    const tee = furthestTee(hole)?.center ?? hole.centerline[0];
    if (!tee) throw new OverlayDataMissingError('tee-missing', `hole ${hole.number} has no tee or play line`);
    const nodes: LonLat[] = [tee, ...(hole.dogleg ? [hole.dogleg] : []), scene.flagPoint(hole)];
    const points = nodes.map((p) => px(scene.project(p)));
    instructions.push({ kind: 'polyline', points, closed: false, stroke });
    if (s.showNodes) {
      for (const at of points) instructions.push({ kind: 'marker', at, shape: 'circle', sizePixels: s.nodeSize, fill: { color: s.strokeColor, opacity: 1 } });
    }
  }
  return { presentation: { style: s }, instructions };
}

/** A landing ellipse centred on the straight shot at `carryYards`, aimed at the play line that far out. */
export function resolveShotDispersion(item: OverlayItemOf<'shot-dispersion'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  const origin = scene.shotOrigin(hole, item.from);
  const frame = scene.localFrame(origin.point);
  const carry = yardsToMeters(item.carryYards);
  const direction = aimDirection(lonLatPoints(scene.playLine(hole), frame), [0, 0], carry);
  const left = leftOf(direction);
  const halfDepth = yardsToMeters(item.depthYards) / 2;
  const halfWidth = yardsToMeters(item.widthYards) / 2;
  const points = Array.from({ length: ELLIPSE_VERTICES }, (_, i) => {
    const angle = (2 * Math.PI * i) / ELLIPSE_VERTICES;
    const a = carry + Math.cos(angle) * halfDepth;
    const c = Math.sin(angle) * halfWidth;
    const meters: Meters2 = [direction[0] * a + left[0] * c, direction[1] * a + left[1] * c];
    return px(scene.project(frame.toLonLat(meters)));
  });
  const s = item.style;
  return {
    presentation: {
      carryYards: item.carryYards,
      widthYards: item.widthYards,
      depthYards: item.depthYards,
      from: origin.tee ? { tee: origin.teeName } : 'coordinates',
      style: s,
    },
    instructions: [
      {
        kind: 'polyline',
        points,
        closed: true,
        stroke: overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle),
        fill: { color: s.fillColor, opacity: s.fillOpacity },
      },
      {
        kind: 'marker',
        at: px(scene.project(frame.toLonLat([direction[0] * carry, direction[1] * carry]))),
        shape: 'circle',
        sizePixels: Math.max(4, s.strokeWidth * 3),
        fill: { color: s.strokeColor, opacity: 1 },
      },
    ],
  };
}

/** Points where the play line, walked back from the green, is each distance from the green centre. */
export function resolveApproachMarkers(item: OverlayItemOf<'approach-markers'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  const center = scene.greenCenter(hole);
  const frame = scene.localFrame(center);
  const backwards = lonLatPoints(scene.playLine(hole), frame).reverse();
  const s = item.style;
  const instructions: OverlayInstruction[] = [];
  const placed: number[] = [];
  for (const yards of [...new Set(item.distances)].sort((a, b) => a - b)) {
    const point = pointAtRadius(backwards, [0, 0], yardsToMeters(yards));
    if (!point) continue;
    const at = px(scene.project(frame.toLonLat(point)));
    placed.push(yards);
    instructions.push({
      kind: 'marker',
      at,
      shape: 'circle',
      sizePixels: s.pointSize,
      fill: { color: s.pointColor, opacity: 1 },
      stroke: overlayStroke(s.pointOutlineColor, Math.max(1, Math.round(s.pointSize / 5)), 'solid'),
    });
    if (s.showLabels) instructions.push(labelBeyond(at, [1, 0], s.pointSize / 2, String(yards), s));
  }
  return { presentation: { distances: placed, labelUnit: 'yards', style: s }, instructions };
}
