/** Point components: tee and flag markers, the cup and the approach rings around the green. */
import { yardsToMeters } from '@caddie/geometry';
import { furthestTee } from '../composition/course-geometry';
import { OverlayDataMissingError } from '@caddie/styles';
import { labelAt, overlayStroke, px, round2, type OverlayInstruction, type Pixel } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';

/** Rules of Golf: the hole is 4.25 inches (108 mm) across. */
export const CUP_DIAMETER_METERS = 0.108;

export function resolveTee(item: OverlayItemOf<'tee'>, scene: OverlayScene): ComponentResolution {
  const s = item.style;
  const course = scene.context.request.subject.type === 'course';
  const instructions: OverlayInstruction[] = [];
  const tees: (string | null)[] = [];
  for (const hole of scene.holes()) {
    if (course && !furthestTee(hole)) continue;
    const origin = scene.shotOrigin(hole, course ? undefined : item.from);
    if (!origin.tee) throw new OverlayDataMissingError('tee-not-found', 'tee markers need a named tee, not coordinates');
    tees.push(origin.teeName);
    instructions.push({
      kind: 'marker',
      at: px(scene.project(origin.tee.center)),
      shape: s.shape,
      sizePixels: s.size,
      fill: { color: s.color ?? scene.teeSetColor(origin.tee) ?? '#FFFFFF', opacity: 1 },
      stroke: overlayStroke(s.outlineColor, Math.max(1, Math.round(s.size / 7)), 'solid'),
    });
  }
  return { presentation: { tees, style: s }, instructions };
}

export function resolveFlag(item: OverlayItemOf<'flag'>, scene: OverlayScene): ComponentResolution {
  const s = item.style;
  const course = scene.context.request.subject.type === 'course';
  const instructions: OverlayInstruction[] = scene.holes().flatMap((hole) => {
    if (course && !hole.pin && !hole.greenCenter) return [];
    return [
      {
        kind: 'marker' as const,
        at: px(scene.project(scene.flagPoint(hole))),
        shape: 'flag' as const,
        sizePixels: s.size,
        fill: { color: s.color, opacity: 1 },
        stroke: overlayStroke(s.poleColor, Math.max(1, Math.round(s.size / 14)), 'solid'),
      },
    ];
  });
  return { presentation: { style: s }, instructions };
}

export function resolveCup(item: OverlayItemOf<'cup'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  if (!hole.pin) throw new OverlayDataMissingError('pin-missing', `hole ${hole.number} has no mapped pin`);
  const s = item.style;
  const trueDiameter = CUP_DIAMETER_METERS * scene.pixelsPerMeter;
  const diameter = Math.max(trueDiameter, s.minimumSize);
  return {
    presentation: { trueDiameterPixels: round2(trueDiameter), style: s },
    instructions: [
      {
        kind: 'circle',
        center: px(scene.project(hole.pin)),
        radiusPixels: round2(diameter / 2),
        fill: { color: s.fillColor, opacity: 1 },
        ...(s.strokeWidth > 0 ? { stroke: overlayStroke(s.strokeColor, s.strokeWidth, 'solid') } : {}),
      },
    ],
  };
}

/** How far ring labels turn off the direction of the tee (radians). */
const RING_LABEL_TURN = (40 * Math.PI) / 180;

/** Circles of true distance around the green centre or pin, labelled where they face the approach. */
export function resolveApproachRings(item: OverlayItemOf<'approach-rings'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  const centerLonLat = item.center === 'pin' ? hole.pin : hole.greenCenter;
  if (!centerLonLat)
    throw new OverlayDataMissingError(item.center === 'pin' ? 'pin-missing' : 'green-missing', `hole ${hole.number} has no mapped ${item.center}`);
  const center = scene.project(centerLonLat);
  const tee = scene.project(scene.playLine(hole)[0]);
  // labels sit on the side of the ring facing the tee, turned off the play line toward the image
  // left so they never sit on the approach markers (whose labels stand to their right)
  const toTee = Math.atan2(tee[1] - center[1], tee[0] - center[0]);
  const turned = [toTee + RING_LABEL_TURN, toTee - RING_LABEL_TURN].sort((a, b) => Math.cos(a) - Math.cos(b))[0];
  const toward: Pixel = [Math.cos(turned), Math.sin(turned)];
  const length = 1;
  const s = item.style;
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle);
  const instructions: OverlayInstruction[] = [];
  const distances = [...new Set(item.distances)].sort((a, b) => a - b);
  for (const yards of distances) {
    const radius = yardsToMeters(yards) * scene.pixelsPerMeter;
    instructions.push({ kind: 'circle', center: px(center), radiusPixels: round2(radius), stroke });
    if (!s.showLabels) continue;
    const onRing = px([center[0] + (toward[0] / length) * radius, center[1] + (toward[1] / length) * radius]);
    instructions.push(labelAt(onRing, String(yards), s));
  }
  return { presentation: { center: item.center, distances, labelUnit: 'yards', style: s }, instructions };
}
