/** Trim sizes a template may print on, in inches (portrait: width <= height). */
export const PAGE_SIZES = {
  /** the pocket yardage book: the largest page Rule 4.3 allows */
  pocket: { widthIn: 4.25, heightIn: 7, label: '4 1/4 x 7 in' },
  a6: { widthIn: 105 / 25.4, heightIn: 148 / 25.4, label: 'A6 (105 x 148 mm)' },
  letter: { widthIn: 8.5, heightIn: 11, label: 'US Letter (8 1/2 x 11 in)' },
  a4: { widthIn: 210 / 25.4, heightIn: 297 / 25.4, label: 'A4 (210 x 297 mm)' },
  'poster-18x24': { widthIn: 18, heightIn: 24, label: '18 x 24 in' },
  'poster-24x36': { widthIn: 24, heightIn: 36, label: '24 x 36 in' },
  a2: { widthIn: 420 / 25.4, heightIn: 594 / 25.4, label: 'A2 (420 x 594 mm)' },
  a1: { widthIn: 594 / 25.4, heightIn: 841 / 25.4, label: 'A1 (594 x 841 mm)' },
  /** scorecards print at the physical size of each card design */
  card: { widthIn: 0, heightIn: 0, label: 'the size of each card design' },
} as const;
export type PageSizeName = keyof typeof PAGE_SIZES;

/** Rule 4.3: a book or paper with green images used during a round is at most 4 1/4 x 7 in. */
export const RULE_43_MAX_PAGE_IN = { short: 4.25, long: 7 } as const;
/** Rule 4.3: greens at 3/8 in to 5 yd (1:480) or smaller. */
export const RULE_43_MIN_SCALE_DENOMINATOR = 480;
/** A hole-location sheet showing this many holes or more is exempt from the size limit. */
export const RULE_43_HOLE_LOCATION_EXEMPT_HOLES = 9;

export const BLEED_IN = 0.125;
/** room outside the bleed for crop marks */
export const SLUG_IN = 0.25;
export const POINTS_PER_INCH = 72;
