/** Seed blocks of synthesized cells: training glyphs, validation / temperature glyphs and threshold cells never share a seed. */
export const TRAINING_SEEDS = 1_000_000;
export const VALIDATION_SEEDS = 2_000_000;
/** Seeds of the synthetic photos whose cells add training glyphs (export-photo-glyphs); eval:process uses seeds from 1. */
export const PHOTO_TRAINING_SEEDS = 4_000_000;
/** Seeds of the calibration-range photos whose glyphs make a validation set (export-photo-glyphs --items calibration). */
export const PHOTO_VALIDATION_SEEDS = 5_000_000;
