import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * Every graphic draws text only with these families, registered from the dejavu-fonts-ttf npm
 * package under our own names, so no output depends on the fonts of the machine.
 */
export const FONT_FAMILY = {
  sans: 'Caddie Sans',
  condensed: 'Caddie Sans Condensed',
  mono: 'Caddie Mono',
} as const;

const FONT_FILES: [string, string][] = [
  ['DejaVuSans.ttf', FONT_FAMILY.sans],
  ['DejaVuSans-Bold.ttf', FONT_FAMILY.sans],
  ['DejaVuSansCondensed.ttf', FONT_FAMILY.condensed],
  ['DejaVuSansCondensed-Bold.ttf', FONT_FAMILY.condensed],
  ['DejaVuSansMono.ttf', FONT_FAMILY.mono],
  ['DejaVuSansMono-Bold.ttf', FONT_FAMILY.mono],
];

let registered = false;

/** Idempotent; call before drawing text. */
export function registerFonts(): void {
  if (registered) return;
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  for (const [file, family] of FONT_FILES) {
    if (!GlobalFonts.registerFromPath(join(dir, file), family)) throw new Error(`could not register font ${file}`);
  }
  registered = true;
}

/** A CSS font shorthand for one of our families, e.g. font('sans', 14, 'bold'). */
export function font(family: keyof typeof FONT_FAMILY, sizePx: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${sizePx}px "${FONT_FAMILY[family]}"`;
}
