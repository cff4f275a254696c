import { z } from 'zod';

export const CALIBRATION_FORMAT = 'caddie-handwriting-calibration@1';

const measuredSchema = z.object({
  cells: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  coverage: z.number().min(0).max(1),
  precision: z.number().min(0).max(1),
  precisionLowerBound: z.number().min(0).max(1),
  accuracy: z.number().min(0).max(1),
  /** How much the sharing of sources widens the bound (1: none); absent in older files. */
  designEffect: z.number().min(1).optional(),
});

/** A threshold (null: none reaches the target) and the figures of its readings at it. */
const thresholdSchema = measuredSchema.extend({ acceptThreshold: z.number().min(0).max(1).nullable() });
/** One field role's thresholds: for readings of a number, and for blank readings. */
const roleSchema = z.object({ number: thresholdSchema, blank: thresholdSchema });

export const calibrationSchema = z.object({
  format: z.literal(CALIBRATION_FORMAT),
  /** sha256 of the weights file the figures were measured with. */
  weightsSha256: z.string().regex(/^[0-9a-f]{64}$/),
  temperature: z.number().positive().max(100),
  acceptThreshold: z.number().min(0).max(1),
  rule: z.object({
    targetPrecision: z.number(),
    wilsonZ: z.number(),
    /** 'source-clustered': the Wilson bound on the effective sample size of readings that share sources. */
    bound: z.literal('source-clustered').optional(),
    /** Calibration items left out as label errata (MNIST_LABEL_ERRATA); absent in older files. */
    labelErrata: z.array(z.object({ digit: z.number().int(), mnistItem: z.number().int(), writtenAs: z.number().int() })).optional(),
  }),
  /** Whole-cell readings of the calibration cells at the threshold (blanks included). */
  calibrationCells: measuredSchema,
  /**
   * Thresholds chosen per field role (FieldRole) and reading (a number or blank), each on those
   * readings of that role's calibration cells alone, by the same rule; absent in older files,
   * whose readers use acceptThreshold for every field.
   */
  roles: z.object({ entry: roleSchema, sum: roleSchema }).optional(),
  /**
   * The network on calibration-range glyphs: `count` segmented candidates of synthesized cells
   * (fragments and merged pairs labelled not-a-digit included) and their `accuracy`, the digits
   * among them alone (`digitAccuracy`); and the calibration range's MNIST images classified as
   * they are (`mnistImages`, `mnistAccuracy`; errata left out; absent in older files).
   */
  glyphs: z.object({
    count: z.number().int(),
    accuracy: z.number(),
    digitAccuracy: z.number(),
    negativeLogLikelihood: z.number(),
    mnistImages: z.number().int().optional(),
    mnistAccuracy: z.number().optional(),
  }),
  training: z.record(z.string(), z.union([z.number(), z.string()])),
});

export type HandwritingCalibration = z.infer<typeof calibrationSchema>;

/** Figures of whole-cell readings at one threshold, as calibration.json records them. */
export type MeasuredReadings = z.infer<typeof measuredSchema>;
