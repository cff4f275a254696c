import Ajv2020 from 'ajv/dist/2020';
import { describeGraphicsOptions } from './graphics-options-document';
import { GRAPHICS_OPTIONS_DOCUMENT_SCHEMA } from './graphics-options-document-schema';
import { graphicsPathParameters, graphicsQueryParameters, graphicsRequestBodySchema } from './openapi-documents';
import { GRAPHICS_OPTIONS } from './graphics-options';
import { parseGraphicsBody } from './graphics-body-parser';
import type { JsonSchema } from './option-json-schema';

// ajv comes with the HTTP stack (fastify); tests use it only to check the generated schemas.
const ajv = new Ajv2020({ allErrors: true, strict: false });

/** Every query parameter of the spec's "Graphics: clean image" table, written from the spec. */
const SPEC_QUERY_PARAMETERS = [
  'graphicStyle',
  'width',
  'height',
  'quality',
  'fairwayPattern',
  'teePattern',
  'waterTreatment',
  'bunkerTreatment',
  'greenery',
  'housing',
  'overtureSegments',
  'perimeterTreatment',
  'nearbyHoles',
  'contextGraphing',
  'contextEdges',
  'contextContours',
  'contextWashes',
  'contextTexture',
  'context',
  'layout',
  'flagAnchor',
  'teeAnchor',
  'teeSide',
  'padding',
  'paperTheme',
  'terrainIntensity',
  'terrainTexture',
  'compositionMode',
  'greenOrientation',
  'greenPaddingMeters',
  'greenPadding',
  'greenApproachEdge',
  'greenRotationDegrees',
  'greenGravity',
  'heatmap',
  'heatmapOpacity',
  'breaks',
  'breakStyle',
  'breakDensity',
  'breakColor',
  'flagX',
  'flagY',
  'teeX',
  'teeY',
  'roughOpacity',
  'pencilBuildings',
  'pencilPaths',
  'pencilPerimeter',
  'profileLineStyle',
  'profileLabelSize',
  'profileYardageSize',
  'profileTee',
  'profileTeeMarkerSize',
  'profileDistanceUnit',
  'profilePadding',
  'profileBackgroundColor',
];
/** Ours beyond the spec table: print resolution and print size, the heatmap key (issue 15), the Rule 4.3 guard of greens (issue 56). */
const PRINT_QUERY_PARAMETERS = ['dpi', 'widthMm', 'heightMm', 'widthIn', 'heightIn', 'heatmapLegend', 'rules'];
const QUERY_PARAMETERS = [...SPEC_QUERY_PARAMETERS, ...PRINT_QUERY_PARAMETERS];

/** Allowed values and fixed defaults as the spec's table states them. */
const SPEC_ENUMS: Record<string, { values: string[]; default?: string }> = {
  graphicStyle: { values: ['traditional', 'pencil', 'colored-pencil'], default: 'traditional' },
  fairwayPattern: { values: ['large-stripes', 'medium-stripes', 'small-stripes', 'large-checks', 'medium-checks', 'small-checks', 'blank-v1', 'blank-v2'] },
  teePattern: { values: ['plain', 'small-stripes', 'thin-stripes'], default: 'plain' },
  waterTreatment: { values: ['auto', 'light', 'medium', 'dark'], default: 'auto' },
  bunkerTreatment: { values: ['classic', 'dark', 'flat', 'raised-edge'], default: 'classic' },
  greenery: { values: ['auto', 'classic', 'cool-blue', 'cool-apple', 'warm-emerald', 'warm-golden'], default: 'auto' },
  housing: { values: ['auto', 'warm', 'cool', 'mixed', 'none'], default: 'auto' },
  overtureSegments: { values: ['all', 'small', 'none'], default: 'all' },
  perimeterTreatment: { values: ['none', 'legacy-v1', 'classic', 'classic-wide', 'classic-wider', 'classic-widest'], default: 'classic' },
  nearbyHoles: { values: ['hidden', 'stroked-dark', 'stroked-light', 'filled-dark', 'filled-light', 'detailed'], default: 'hidden' },
  layout: { values: ['portrait', 'landscape'], default: 'portrait' },
  flagAnchor: { values: ['left', 'middle', 'right', 'top', 'bottom'], default: 'middle' },
  teeSide: { values: ['left', 'right'], default: 'left' },
  compositionMode: { values: ['preset', 'exact'] },
  greenOrientation: { values: ['approach', 'north'], default: 'approach' },
  greenGravity: { values: ['auto', 'center', 'top', 'right', 'bottom', 'left', 'top-left', 'top-right', 'bottom-left', 'bottom-right'], default: 'center' },
  heatmap: { values: ['elevation'] },
  breakStyle: { values: ['grid', 'fluid'], default: 'fluid' },
  breakDensity: { values: ['light', 'medium', 'high'], default: 'medium' },
  profileLineStyle: { values: ['smooth', 'stepped'] },
  profileDistanceUnit: { values: ['yards', 'feet', 'meters'], default: 'yards' },
};
const SPEC_NUMERIC: Record<string, { minimum: number; maximum: number; default?: number }> = {
  width: { minimum: 320, maximum: 8000 },
  quality: { minimum: 40, maximum: 95, default: 90 },
  terrainIntensity: { minimum: 0.5, maximum: 5, default: 2.2 },
  heatmapOpacity: { minimum: 0.1, maximum: 0.8, default: 0.42 },
  greenRotationDegrees: { minimum: -180, maximum: 180, default: 0 },
  flagX: { minimum: 0, maximum: 100 },
  roughOpacity: { minimum: 0, maximum: 1, default: 1 },
  profileTeeMarkerSize: { minimum: 8, maximum: 128 },
  greenPaddingMeters: { minimum: 1, maximum: 60, default: 12 },
};

describe('describeGraphicsOptions', () => {
  const doc = describeGraphicsOptions();

  it('lists every query parameter of the spec table', () => {
    const documented = new Set(doc.options.flatMap((o) => [o.queryName, ...o.queryAliases.map((a) => a.name)]).filter((n) => n !== null));
    expect(SPEC_QUERY_PARAMETERS.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !QUERY_PARAMETERS.includes(name as string))).toEqual([]);
  });

  it('documents the spec values and defaults', () => {
    for (const [name, spec] of Object.entries(SPEC_ENUMS)) {
      const option = doc.options.find((o) => o.name === name);
      expect({ name, values: option?.values }).toEqual({ name, values: spec.values });
      if (spec.default !== undefined) expect({ name, default: option?.default }).toEqual({ name, default: { value: spec.default } });
    }
    for (const [name, spec] of Object.entries(SPEC_NUMERIC)) {
      const option = doc.options.find((o) => o.name === name);
      expect({ name, minimum: option?.minimum, maximum: option?.maximum }).toEqual({ name, minimum: spec.minimum, maximum: spec.maximum });
      if (spec.default !== undefined) expect({ name, default: option?.default }).toEqual({ name, default: { value: spec.default } });
    }
    expect(doc.options.find((o) => o.name === 'fairwayPattern')?.default).toMatchObject({ rule: 'course-classification' });
    expect(doc.options.find((o) => o.name === 'overtureSegments')?.styleRestrictions['colored-pencil']).toMatchObject({
      default: 'small',
      values: ['small', 'none'],
    });
  });

  it('documents every legacy alias as deprecated', () => {
    const alias = (name: string, value: string) => doc.options.find((o) => o.name === name)?.aliases.find((a) => a.value === value);
    expect(alias('fairwayPattern', 'checkered-v1')).toMatchObject({ canonical: 'medium-checks', deprecated: true });
    expect(alias('fairwayPattern', 'checkered-v2')).toMatchObject({ canonical: 'small-checks', deprecated: true });
    expect(alias('nearbyHoles', 'stroked')).toMatchObject({ canonical: 'stroked-dark', deprecated: true });
    expect(alias('context', 'texture')).toMatchObject({ canonical: 'graphing', deprecated: true });
    expect(alias('perimeterTreatment', 'tapered-widest')).toMatchObject({ canonical: 'classic-widest', deprecated: true });
    const graphing = doc.options.find((o) => o.name === 'contextGraphing');
    expect(graphing?.queryAliases).toEqual([{ name: 'contextTexture', deprecated: true }]);
    expect(graphing?.bodyAliases).toEqual([{ path: 'style.context.texture', deprecated: true }]);
  });

  it('gives styles, subjects with default sizes, limits and overlays', () => {
    expect(doc.styles.map((s) => s.id)).toEqual(['traditional', 'pencil', 'colored-pencil']);
    const sizes = Object.fromEntries(doc.subjects.map((s) => [s.id, s.defaultSizes]));
    expect(sizes.hole).toEqual({ portrait: { width: 1440, height: 2400 }, landscape: { width: 2400, height: 1440 } });
    expect(sizes.green).toEqual({ default: { width: 1200, height: 1200 } });
    expect(sizes['profile-elevation']).toEqual({ default: { width: 1600, height: 600 } });
    expect(sizes.course).toEqual({ default: { width: 2400, height: 1600 } });
    expect(doc.subjects.find((s) => s.id === 'hole-region')?.getPath).toBeNull();
    expect(doc.subjects.find((s) => s.id === 'profile-elevation')?.overlays).toBe(false);
    expect(doc.limits).toMatchObject({
      width: { minimum: 320, maximum: 8000 },
      maxAreaPixels: 32_000_000,
      quality: { minimum: 40, maximum: 95, default: 90 },
      terrainIntensity: { minimum: 0.5, maximum: 5 },
      heatmapOpacity: { minimum: 0.1, maximum: 0.8 },
      greenPaddingMeters: { minimum: 1, maximum: 60 },
      overlayItemsPerRequest: { minimum: 1, maximum: 64 },
    });
    expect(doc.overlayTypes).toHaveLength(17);
    expect(doc.overlayTypes).toContain('fairway-downhill-chevrons');
    expect(doc.overlayTypes).toContain('green-elevation-heatmap');
  });

  it('is JSON-serialisable and valid against its own JSON Schema', () => {
    const copy = JSON.parse(JSON.stringify(doc));
    expect(copy).toEqual(doc);
    const validate = ajv.compile(GRAPHICS_OPTIONS_DOCUMENT_SCHEMA);
    expect(validate(copy) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...copy, extra: true })).toBe(false);
  });
});

describe('OpenAPI query parameters', () => {
  const parameters = graphicsQueryParameters();

  it('has one parameter per query name, aliases marked deprecated', () => {
    const names = parameters.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...QUERY_PARAMETERS].sort());
    expect(parameters.find((p) => p.name === 'contextTexture')).toMatchObject({ deprecated: true, in: 'query', required: false });
    expect(parameters.find((p) => p.name === 'padding')?.['x-caddie-subjects']).toEqual(['hole', 'course']);
  });

  it('compiles every schema and enforces the table', () => {
    for (const p of [...parameters, ...graphicsPathParameters()]) expect(() => ajv.compile(p.schema)).not.toThrow();
    const check = (name: string, value: unknown) => ajv.validate(parameters.find((p) => p.name === name)?.schema as JsonSchema, value);
    expect(check('fairwayPattern', 'checkered-v2')).toBe(true);
    expect(check('fairwayPattern', 'plaid')).toBe(false);
    expect(check('quality', 96)).toBe(false);
    expect(check('padding', '5% 10px, 0.1')).toBe(true);
    expect(check('padding', 'auto')).toBe(true);
    expect(check('padding', '1 2 3 4 5')).toBe(false);
    expect(check('context', 'graphing,texture')).toBe(true);
    expect(check('context', 'graphing,glitter')).toBe(false);
    const subject = graphicsPathParameters().find((p) => p.name === 'subject')?.schema as JsonSchema;
    expect(['course', 'hole-1', 'profile-elevation-12'].every((s) => ajv.validate(subject, s))).toBe(true);
    expect(['hole-01', 'hole-region-1', 'green-0'].some((s) => ajv.validate(subject, s))).toBe(false);
  });
});

describe('POST body JSON Schema', () => {
  const schema = graphicsRequestBodySchema();
  const validate = ajv.compile(schema);
  const course = { classification: null, country: 'US', region: 'TX' };

  const validBodies: unknown[] = [
    {},
    {
      subject: { type: 'hole', holeNumber: 7 },
      output: { format: 'jpg', width: 3000, height: 1800, quality: 80 },
      style: { fairwayPattern: 'checkered-v1', nearbyHoles: 'stroked', context: { texture: false, washes: true }, anythingElse: 1 },
      composition: { layout: 'landscape', teeSide: 'right', flagTarget: { y: 30 }, padding: '4% 24px' },
      greenData: { heatmap: 'elevation' },
    },
    { subject: { type: 'green', holeNumber: 2 }, greenComposition: { paddingMeters: '8 10' }, greenData: { breaks: true, breakColor: '#A0B0C0' } },
    { subject: { type: 'course' }, style: { context: 'none' }, courseComposition: { padding: 'auto' } },
    {
      subject: { type: 'profile-elevation', holeNumber: 1 },
      style: { graphicStyle: 'colored-pencil', profileLabelSize: 20, graphicStyling: { fills: { green: '#00AA0080' } } },
    },
    {
      subject: { type: 'hole-region', holeNumber: 3 },
      regionComposition: { pointA: { offsetYards: 100 }, pointB: { source: 'coordinates', longitude: 1, latitude: 2 } },
    },
  ];

  it.each(validBodies.map((b, i) => [i, b]))('accepts valid body %i, as the parser does', (_i, body) => {
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    expect(() => parseGraphicsBody(body, course)).not.toThrow();
  });

  it.each([
    ['unknown top-level field', { courseId: 'x' }],
    ['bad enum', { style: { fairwayPattern: 'plaid' } }],
    ['width out of range', { output: { width: 100 } }],
    ['unknown composition field', { composition: { zoom: 2 } }],
    ['green without hole number', { subject: { type: 'green' } }],
    ['bad context string', { style: { context: 'edges' } }],
    ['bad styling width', { style: { graphicStyle: 'pencil', graphicStyling: { green: { width: 20 } } } }],
  ])('rejects %s, as the parser does', (_label, body) => {
    expect(validate(body)).toBe(false);
    expect(() => parseGraphicsBody(body, course)).toThrow();
  });

  it('carries exactly the table values (with aliases) in every enum', () => {
    const at = (path: string): JsonSchema => {
      let node: JsonSchema = schema;
      for (const key of path.split('.')) {
        const object = (node.oneOf ? (node.oneOf as JsonSchema[]).find((s) => s.type === 'object') : node) as JsonSchema;
        node = (object.properties as Record<string, JsonSchema>)[key];
      }
      return node;
    };
    let checked = 0;
    for (const option of GRAPHICS_OPTIONS) {
      if (option.type.kind !== 'enum' || !option.body) continue;
      const expected = [...option.type.values, ...(option.aliases ?? []).map((a) => a.value)].sort();
      expect({ option: option.name, enum: [...(at(option.body).enum as string[])].sort() }).toEqual({ option: option.name, enum: expected });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    expect(at('style.fairwayPattern').enum).toEqual(expect.arrayContaining(['medium-checks', 'checkered-v1', 'checkered-v2']));
  });
});
