/**
 * Side in pixels of the square glyph image the digit networks take (ink 0..1, row-major): the
 * 28 px of the MNIST digits they were trained on. Segmented glyphs are normalized to it.
 */
export const GLYPH_SIDE = 28;
