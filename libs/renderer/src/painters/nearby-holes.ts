/**
 * Other holes' greens, fairways and tees in a hole view (`nearbyHoles`): hidden, stroked or
 * filled in a dark or light ink, or `detailed` (painted like the subject hole by the caller).
 * Everything lands on the artwork layer, so the perimeter clips it.
 */
import type { CourseFeature } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { isArea } from '../render/view-scene';
import { nearbyMode, withMeters, type PaintContext } from './paint-context';

/**
 * Bunkers go with their hole's turf: where other holes are hidden, so are the bunkers the
 * catalog ties only to them (a greenside bunker by the next tee); unassigned ones stay as context.
 */
export function shownWithSubject(p: PaintContext, f: CourseFeature): boolean {
  return nearbyMode(p) !== 'hidden' || f.properties.holeNumbers.length === 0 || p.scene.onSubject(f);
}

const INK = {
  dark: { stroke: 'rgba(38,56,30,0.75)', fill: 'rgba(70,104,52,0.55)' },
  light: { stroke: 'rgba(250,250,238,0.85)', fill: 'rgba(236,242,220,0.55)' },
};

export function paintNearbyTurf(ctx: SKRSContext2D, p: PaintContext, mode: string): void {
  const match = /^(stroked|filled)-(dark|light)$/.exec(mode === 'stroked' ? 'stroked-dark' : mode);
  if (!match) return;
  const others = (['fairways', 'tees', 'greens'] as const).flatMap((l) => p.scene.layer(l)).filter((f) => isArea(f) && !p.scene.onSubject(f));
  if (!others.length) return;
  const ink = INK[match[2] as 'dark' | 'light'];
  withMeters(ctx, p, () => {
    ctx.beginPath();
    for (const f of others) p.scene.trace(ctx, f);
    if (match[1] === 'filled') {
      ctx.fillStyle = ink.fill;
      ctx.fill('evenodd');
    }
    ctx.strokeStyle = ink.stroke;
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(1, 1.4 * p.pixelScale) / p.scene.pixelsPerMeter;
    ctx.stroke();
  });
}
