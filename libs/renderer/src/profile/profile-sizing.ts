import type { NormalizedStyle } from '@caddie/styles';
import type { ImagePadding, PaddingLength } from '@caddie/styles';

/** The size every default pixel figure below is quoted at (spec: 1600x600). */
export const PROFILE_REFERENCE_SIZE = { width: 1600, height: 600 } as const;

const TEE_MARKER_PIXELS = 18;
const APPROACH_MARKER_PIXELS = 14;
const MARKER_OUTLINE_PIXELS = 2;
const LABEL_GAP_PIXELS = 6;
const TERRAIN_LINE_PIXELS = 3;
const NAMED_TEXT_PIXELS: Record<string, number> = { small: 15, medium: 19, large: 24 };

export interface ProfileBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProfileSizing {
  /** output size over the 1600x600 reference, by the tighter axis */
  scale: number;
  teeMarkerSizePixels: number;
  approachMarkerDiameterPixels: number;
  markerOutlinePixels: number;
  labelFontPixels: number;
  yardageFontPixels: number;
  labelSurfaceGapPixels: number;
  terrainLinePixels: number;
  flagPoleHeightPixels: number;
  /** room kept above the highest terrain for markers, the flag and two label rows */
  topSafetyBandPixels: number;
  /** room kept below the ground line for the bottom yardages */
  yardageBandPixels: number;
  padding: { top: number; right: number; bottom: number; left: number };
  contentBounds: ProfileBox;
}

const lengthPixels = (l: PaddingLength, dimension: number) => (l.unit === 'px' ? l.value : l.value * dimension);

function textPixels(value: string | number | undefined, scale: number): number {
  if (typeof value === 'number') return Math.round(value);
  return Math.max(8, Math.round((NAMED_TEXT_PIXELS[value ?? 'small'] ?? NAMED_TEXT_PIXELS.small) * scale));
}

/** Every pixel figure of one profile drawing, from the output size and the profile* options. */
export function profileSizing(size: { width: number; height: number }, style: NormalizedStyle): ProfileSizing {
  const scale = Math.min(size.width / PROFILE_REFERENCE_SIZE.width, size.height / PROFILE_REFERENCE_SIZE.height);
  const scaled = (px: number, min: number) => Math.max(min, Math.round(px * scale));
  const teeMarkerSizePixels = style.profileTeeMarkerSize ?? Math.min(128, scaled(TEE_MARKER_PIXELS, 8));
  const labelFontPixels = textPixels(style.profileLabelSize, scale);
  const yardageFontPixels = textPixels(style.profileYardageSize, scale);
  const labelSurfaceGapPixels = scaled(LABEL_GAP_PIXELS, 2);
  const flagPoleHeightPixels = Math.round(Math.max(teeMarkerSizePixels, scaled(TEE_MARKER_PIXELS, 8)) * 2);
  const labelRow = Math.ceil(labelFontPixels * 1.5);
  const topSafetyBandPixels = Math.max(teeMarkerSizePixels, flagPoleHeightPixels) + labelSurfaceGapPixels + 2 * labelRow + scaled(4, 2);

  const padding = {
    top: Math.round(lengthPixels(pad(style).top, size.height)),
    right: Math.round(lengthPixels(pad(style).right, size.width)),
    bottom: Math.round(lengthPixels(pad(style).bottom, size.height)),
    left: Math.round(lengthPixels(pad(style).left, size.width)),
  };
  const contentBounds = {
    x: padding.left,
    y: padding.top,
    width: Math.max(1, size.width - padding.left - padding.right),
    height: Math.max(1, size.height - padding.top - padding.bottom),
  };
  return {
    scale,
    teeMarkerSizePixels,
    approachMarkerDiameterPixels: scaled(APPROACH_MARKER_PIXELS, 6),
    markerOutlinePixels: scaled(MARKER_OUTLINE_PIXELS, 1),
    labelFontPixels,
    yardageFontPixels,
    labelSurfaceGapPixels,
    terrainLinePixels: scaled(TERRAIN_LINE_PIXELS, 1),
    flagPoleHeightPixels,
    topSafetyBandPixels,
    yardageBandPixels: Math.ceil(yardageFontPixels * 1.3) + 2 * labelSurfaceGapPixels,
    padding,
    contentBounds,
  };
}

const ZERO: PaddingLength = { unit: 'px', value: 0 };
const NO_PADDING: ImagePadding = { top: ZERO, right: ZERO, bottom: ZERO, left: ZERO };
const pad = (style: NormalizedStyle) => style.profilePadding ?? NO_PADDING;
