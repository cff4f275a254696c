/** Response schemas of the course endpoints, written from the spec's Resources section. */
import { z } from 'zod';
import { DATASET_KEYWORDS } from '@caddie/access';
import { freeFormJson } from '../platform/openapi/free-form-json';

const nullableString = z.string().nullable();

export const locationSchema = z.strictObject({
  city: nullableString,
  region: nullableString,
  country: nullableString,
  longitude: z.number().min(-180).max(180).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
});

const pmtilesService = z.strictObject({ available: z.boolean(), delivery: z.literal('pre-rendered-pmtiles') });

export const courseSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  location: locationSchema,
  holeCount: z.number().int().min(1).max(99),
  holes: z.array(z.strictObject({ number: z.number().int().min(1).max(99), available: z.boolean() })),
  services: z.strictObject({
    graphics: z.strictObject({ available: z.boolean(), delivery: z.literal('generated-on-demand') }),
    courseMap: pmtilesService,
    staticMapImages: pmtilesService,
  }),
});

export const compactCourseSchema = z.strictObject({ id: z.string(), name: z.string(), location: locationSchema });
export const directorySchema = z.strictObject({ courses: z.array(compactCourseSchema) });
/** The incremental form (`since`): an addition to the contract's directory shape. */
export const directoryChangesSchema = z.strictObject({
  change: z.number().int().min(0).describe('The catalog change this answer reflects: the `since` of the next sync'),
  courses: z.array(compactCourseSchema).describe('Courses added to or changed in the directory after `since`, by id'),
  removed: z.array(z.string()).describe('Ids no longer listed (no longer active or geometry-backed) after `since`; may name ids the client never had'),
});
export const directoryResponseSchema = z.union([directorySchema, directoryChangesSchema]);

export const nearbyResponseSchema = z.strictObject({
  origin: z.strictObject({ longitude: z.number().min(-180).max(180), latitude: z.number().min(-90).max(90) }),
  radiusMiles: z.literal(10),
  limit: z.literal(10),
  courses: z
    .array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        location: z.strictObject({
          city: nullableString,
          region: nullableString,
          country: nullableString,
          longitude: z.number().min(-180).max(180),
          latitude: z.number().min(-90).max(90),
        }),
        distanceMiles: z.number().min(0).max(10),
      }),
    )
    .max(10),
});

const datasetKeyword = z.enum(DATASET_KEYWORDS);
const holeNumber = z.number().int().min(1).max(99);

export const dataBundleSchema = z.strictObject({
  courseId: z.string(),
  revision: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  data: z.record(
    z.string(),
    freeFormJson(
      'One dataset (identity, contact, …), or a group of datasets keyed by the second part of their keyword (data.geometry.fairways). A dataset that is unavailable or not granted is a status object { status, reason, detail }.',
    ),
  ),
  meta: z.strictObject({
    complete: z.boolean(),
    requestedDatasets: z.array(datasetKeyword),
    returnedDatasets: z.array(datasetKeyword),
    todoDatasets: z.array(datasetKeyword),
    deniedDatasets: z.array(datasetKeyword),
    requestedHoles: z.array(holeNumber).nullable(),
    resolvedHoles: z.array(holeNumber),
    spatialFilter: z.strictObject({ method: z.literal('hole-bounds'), contextBufferMeters: z.literal(50) }).nullable(),
  }),
});

/** Status object standing in for a dataset that is not returned. */
export const datasetStatusSchema = z.strictObject({
  status: z.enum(['todo', 'denied']),
  reason: z.enum(['not-available', 'not-granted']),
  detail: z.string(),
});
