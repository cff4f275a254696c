/** Worked examples of the graphics operations for the API document (demo course values). */
import { GRAPHIC_SUBJECTS, queryParametersFor } from '@caddie/styles';
import type { OperationExample } from '../platform/http/operation.decorator';

const COURSE = 'demo-pine-hollow';
const BASE = 'http://localhost:3000';
const KEY = 'sha256:5f0c7c1e0f3c9a53b2d4a1f7a9e6c0b4d8e2f6a1c3b5d7e9f0a2c4e6b8d0f1a3';
const RENDER = 'rnd_5f0c7c1e0f3c9a53b2d4a1f7a9e6c0b4d8e2f6a1c3b5d7e9f0a2c4e6b8d0f1a3';

const descriptor = {
  request: {
    schema: 'caddie-graphic-request@1',
    subject: { type: 'green', holeNumber: 7 },
    output: { format: 'png', width: 1200, height: 1200, dpi: 300 },
    style: { graphicStyle: 'traditional', paperTheme: 'light', terrainIntensity: 2.2, terrainTexture: true },
    greenComposition: { orientation: 'approach', paddingMeters: 12, rotationDegrees: 0, gravity: 'center' },
    greenData: { heatmap: 'elevation', heatmapOpacity: 0.42, breaks: true, breakStyle: 'fluid', breakDensity: 'medium', breakColor: '#142622' },
  },
  artifact: {
    imageUrl: `${BASE}/v1/artifacts/example-token?exp=1764000000&sig=example`,
    contentType: 'image/png',
    width: 1200,
    height: 1200,
    cacheState: 'MISS',
    delivery: 'signed-cdn',
    artifactKey: KEY,
    sha256: 'sha256:0d4c2b6e8a1f3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a8c1e3b5d7f9a0c2e',
    deliveryExpiresAt: '2026-11-24T16:15:00.000Z',
  },
  render: {
    id: RENDER,
    receipt: 'eyJyaWQiOiJybmRfNWYwYyJ9.c2lnbmF0dXJl',
    expiresAt: '2026-11-24T17:00:00.000Z',
    overlaysUrl: `${BASE}/v1/renders/${RENDER}/overlays`,
    allowedOverlays: ['flag', 'cup', 'grids', 'green-elevation-heatmap', 'green-downhill-arrows', 'green-measurements', 'hole-number'],
  },
  service: 'course-graphics',
  renderer: 'caddie-renderer@1.0.0',
};

export const GRAPHICS_EXAMPLES = {
  image: {
    summary: 'Hole 7 as a print-ready PNG, 4 x 6.67 in at 300 dpi',
    parameters: { courseId: COURSE, subject: 'hole-7', format: 'png', widthIn: 4, dpi: 300, graphicStyle: 'traditional' },
    responses: { 202: { status: 'RENDERING', renderId: RENDER, imageUrl: `${BASE}/v1/renders/${RENDER}/image` } },
  },
  create: {
    summary: 'Green 7 with the elevation heatmap and slope arrows',
    parameters: { courseId: COURSE },
    body: {
      subject: { type: 'green', holeNumber: 7 },
      output: { format: 'png', widthMm: 101.6, heightMm: 101.6, dpi: 300 },
      greenData: { heatmap: 'elevation', breaks: true },
    },
    responses: { 201: descriptor },
  },
  renderImage: {
    summary: 'The image a RENDERING descriptor pointed at',
    parameters: { renderId: RENDER },
    responses: { 202: { status: 'RENDERING', renderId: RENDER, imageUrl: `${BASE}/v1/renders/${RENDER}/image` } },
  },
  overlays: {
    summary: 'Flag and green measurements on a rendered green',
    parameters: { renderId: RENDER },
    body: { receipt: descriptor.render.receipt, overlays: [{ type: 'flag' }, { type: 'green-measurements', style: { strokeColor: '#FFFFFF' } }] },
    responses: {
      200: {
        renderId: RENDER,
        artifact: { width: 1200, height: 1200, format: 'png' },
        preset: { subject: { type: 'green', holeNumber: 7 }, graphicStyle: 'traditional' },
        overlays: [
          {
            id: 'flag',
            type: 'flag',
            presentation: { sizePixels: 28, color: '#D62828' },
            instructions: [{ kind: 'marker', at: [612.5, 540.25], shape: 'flag', sizePixels: 28, fill: { color: '#D62828', opacity: 1 } }],
          },
          {
            id: 'green-measurements',
            type: 'green-measurements',
            presentation: { depthYards: 31, widthYards: 24 },
            instructions: [
              { kind: 'line', from: [600, 180.5], to: [600, 1019.5], stroke: { color: '#FFFFFF', widthPixels: 4, opacity: 1, dash: [], lineCap: 'round' } },
              {
                kind: 'label',
                at: [600, 172.5],
                text: '31',
                sizePixels: 16,
                color: '#FFFFFF',
                align: 'center',
                baseline: 'bottom',
                background: { color: '#07110D', opacity: 1 },
                padding: { x: 8, y: 6 },
              },
            ],
          },
        ],
      },
    },
  },
  subjects: {
    summary: 'What the demo course offers',
    parameters: { courseId: COURSE },
    responses: {
      200: {
        courseId: COURSE,
        revision: KEY,
        formats: ['webp', 'png', 'jpeg', 'jpg'],
        styles: ['traditional', 'pencil', 'colored-pencil'],
        dpi: { default: 300, minimum: 72, maximum: 1200 },
        optionsBySubjectType: Object.fromEntries(GRAPHIC_SUBJECTS.map((type) => [type, queryParametersFor(type)])),
        subjects: [
          {
            subject: 'course',
            type: 'course',
            imageUrl: `${BASE}/v1/courses/${COURSE}/graphics/images/course/{format}`,
            defaultSizes: { default: { width: 2400, height: 1600 } },
            allowedOverlays: ['hole-centerline', 'tee', 'flag', 'grids', 'teeboxes', 'teeboxes-legend', 'hole-number'],
          },
          {
            subject: 'green-1',
            type: 'green',
            holeNumber: 1,
            imageUrl: `${BASE}/v1/courses/${COURSE}/graphics/images/green-1/{format}`,
            defaultSizes: { default: { width: 1200, height: 1200 } },
            allowedOverlays: ['flag', 'cup', 'grids', 'hole-number'],
            printScale: '1:618',
          },
        ],
      },
    },
  },
} satisfies Record<string, OperationExample>;
