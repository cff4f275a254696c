import { parseGraphicsBody } from './graphics-body-parser';
import { parseGraphicsQuery } from './graphics-query-parser';
import { artifactKey } from './artifact-key';
import { GraphicsRequestError, type GraphicsRequestProblem } from './graphics-request-error';
import { PENCIL_STYLING_DEFAULTS } from './graphic-styling';
import type { CourseStyleContext } from './course-style-context';

const course: CourseStyleContext = { classification: 'resort', country: 'United States', region: 'Minnesota' };

function problemsOf(run: () => unknown): Pick<GraphicsRequestProblem, 'parameter' | 'code'>[] {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphicsRequestError) return error.problems.map(({ parameter, code }) => ({ parameter, code }));
    throw error;
  }
  throw new Error('expected a GraphicsRequestError');
}
const post = (body: unknown) => parseGraphicsBody(body, course);

describe('GET and equivalent POST', () => {
  const pairs: [string, string, string, Record<string, string>, unknown][] = [
    ['default hole', 'hole-1', 'webp', {}, {}],
    ['empty body is hole 1', 'hole-1', 'webp', {}, undefined],
    [
      'styled landscape hole with exact targets',
      'hole-7',
      'jpg',
      {
        layout: 'landscape',
        teeSide: 'right',
        flagY: '30',
        teeY: '70',
        padding: '4% 24px',
        quality: '80',
        width: '3000',
        height: '1800',
        fairwayPattern: 'checkered-v1',
        nearbyHoles: 'stroked',
        contextTexture: 'false',
        contextWashes: 'true',
        waterTreatment: 'auto',
        heatmap: 'elevation',
      },
      {
        subject: { type: 'hole', holeNumber: 7 },
        output: { format: 'jpeg', quality: 80, width: 3000, height: 1800 },
        style: { fairwayPattern: 'medium-checks', nearbyHoles: 'stroked-dark', context: { texture: false, washes: true }, waterTreatment: 'dark' },
        composition: { layout: 'landscape', teeSide: 'right', flagTarget: { y: 30 }, teeTarget: { y: 70 }, padding: '0.04, 24px 0.04 24' },
        greenData: { heatmap: 'elevation' },
      },
    ],
    [
      'green with breaks and metric padding',
      'green-12',
      'png',
      {
        breaks: 'true',
        breakColor: 'light',
        breakStyle: 'grid',
        greenPaddingMeters: '8 10',
        greenGravity: 'top-left',
        greenOrientation: 'north',
        paperTheme: 'dark',
      },
      {
        subject: { type: 'green', holeNumber: 12 },
        output: { format: 'png' },
        style: { paperTheme: 'dark' },
        greenComposition: { paddingMeters: '8,10,8,10', gravity: 'top-left', orientation: 'north' },
        greenData: { breaks: true, breakColor: '#f8faf7', breakStyle: 'grid' },
      },
    ],
    [
      'course with padding',
      'course',
      'webp',
      { padding: '2%', context: 'none' },
      { subject: { type: 'course' }, courseComposition: { padding: 0.02 }, style: { context: 'none' } },
    ],
    [
      'pencil profile',
      'profile-elevation-3',
      'webp',
      { graphicStyle: 'pencil', profileLabelSize: '14', profileTee: 'Blue', profilePadding: '10px 5%', profileDistanceUnit: 'meters' },
      {
        subject: { type: 'profile-elevation', holeNumber: 3 },
        style: {
          graphicStyle: 'pencil',
          profileLabelSize: 14,
          profileTee: 'blue ',
          profilePadding: '10 5% 10px',
          profileDistanceUnit: 'meters',
          graphicStyling: { version: 1 },
        },
      },
    ],
    [
      'pencil hole with features',
      'hole-2',
      'webp',
      { graphicStyle: 'pencil', pencilBuildings: 'true', pencilPerimeter: 'false', context: 'edges' },
      {
        subject: { holeNumber: 2 },
        style: {
          graphicStyle: 'pencil',
          pencilFeatures: { buildings: true, perimeter: false },
          context: { graphing: false, edges: true, contours: false, washes: false },
        },
      },
    ],
  ];

  it.each(pairs)('%s', (_label, subject, format, query, body) => {
    const fromGet = parseGraphicsQuery(subject, format, query, course);
    const fromPost = post(body);
    expect(fromPost).toEqual(fromGet);
    expect(artifactKey('renderer@1', 'sha256:abc', fromPost)).toBe(artifactKey('renderer@1', 'sha256:abc', fromGet));
  });

  it('gives different keys to different requests', () => {
    const a = post({ style: { fairwayPattern: 'small-checks' } });
    const b = post({ style: { fairwayPattern: 'checkered-v1' } });
    expect(artifactKey('r', 'c', a)).not.toBe(artifactKey('r', 'c', b));
  });
});

describe('POST body structure', () => {
  it('resolves course-dependent defaults', () => {
    const r = post({});
    expect(r.style).toMatchObject({ fairwayPattern: 'medium-checks', waterTreatment: 'dark', housing: 'cool', greenery: 'cool-blue' });
  });

  it('needs a hole number for greens and none for courses', () => {
    expect(problemsOf(() => post({ subject: { type: 'green' } }))).toEqual([{ parameter: 'subject.holeNumber', code: 'missing-parameter' }]);
    expect(problemsOf(() => post({ subject: { type: 'course', holeNumber: 3 } }))).toEqual([
      { parameter: 'subject.holeNumber', code: 'parameter-not-applicable' },
    ]);
    expect(problemsOf(() => post({ subject: { type: 'hole', holeNumber: 0 } }))).toEqual([{ parameter: 'subject.holeNumber', code: 'invalid-parameter' }]);
    expect(problemsOf(() => post({ subject: { type: 'scorecard' }, output: { width: 5 } }))).toEqual([
      { parameter: 'subject.type', code: 'unsupported-subject' },
      { parameter: 'output.width', code: 'invalid-parameter' },
    ]);
  });

  it('rejects unknown fields outside style and allows extras inside style', () => {
    expect(
      problemsOf(() =>
        post({
          courseId: 'c1',
          output: { colourSpace: 'cmyk' },
          greenComposition: { zoom: 2 },
          greenData: { slope: true },
          subject: { type: 'green', holeNumber: 1 },
        }),
      ),
    ).toEqual([
      { parameter: 'courseId', code: 'unknown-parameter' },
      { parameter: 'output.colourSpace', code: 'unknown-parameter' },
      { parameter: 'greenComposition.zoom', code: 'unknown-parameter' },
      { parameter: 'greenData.slope', code: 'unknown-parameter' },
    ]);
    expect(post({ style: { futureOption: 1 } })).toEqual(post({}));
    expect(problemsOf(() => post({ style: { context: { glow: true } } }))).toEqual([{ parameter: 'style.context.glow', code: 'unknown-parameter' }]);
  });

  it('rejects JSON values of the wrong type', () => {
    expect(problemsOf(() => post({ output: { width: '800' }, style: { terrainTexture: 'false', terrainIntensity: '2' } }))).toEqual([
      { parameter: 'output.width', code: 'invalid-parameter' },
      { parameter: 'style.terrainTexture', code: 'invalid-parameter' },
      { parameter: 'style.terrainIntensity', code: 'invalid-parameter' },
    ]);
    expect(problemsOf(() => post([]))).toEqual([{ parameter: '(body)', code: 'invalid-parameter' }]);
    expect(problemsOf(() => post({ style: 'pencil' }))).toEqual([{ parameter: 'style', code: 'invalid-parameter' }]);
  });

  it('rejects composition sections for other subjects, naming the body path', () => {
    expect(
      problemsOf(() => post({ subject: { type: 'green', holeNumber: 1 }, composition: { layout: 'landscape' }, courseComposition: { padding: 'auto' } })),
    ).toEqual([
      { parameter: 'composition.layout', code: 'parameter-not-applicable' },
      { parameter: 'courseComposition.padding', code: 'parameter-not-applicable' },
    ]);
  });

  it('rejects texture together with graphing', () => {
    expect(problemsOf(() => post({ style: { context: { graphing: true, texture: false } } }))).toEqual([
      { parameter: 'style.context.texture', code: 'conflicting-parameters' },
    ]);
  });

  it('keeps greenComposition padding and paddingMeters apart', () => {
    expect(problemsOf(() => post({ subject: { type: 'green', holeNumber: 1 }, greenComposition: { padding: '5%', paddingMeters: 10 } }))).toEqual([
      { parameter: 'greenComposition.padding', code: 'conflicting-parameters' },
    ]);
  });
});

describe('graphicStyling', () => {
  it('deep-merges a partial into the versioned defaults', () => {
    const r = post({
      style: { graphicStyle: 'pencil', graphicStyling: { green: { color: '#112233' }, hatching: { width: 0 }, water: { color: '#aabbccff' } } },
    });
    expect(r.style.graphicStyling).toEqual({
      ...PENCIL_STYLING_DEFAULTS,
      green: { color: '#112233', width: PENCIL_STYLING_DEFAULTS.green.width },
      hatching: { color: PENCIL_STYLING_DEFAULTS.hatching.color, width: 0 },
      water: { color: '#AABBCC', width: PENCIL_STYLING_DEFAULTS.water.width },
    });
  });

  it('keeps eight-digit alpha', () => {
    const r = post({ style: { graphicStyle: 'colored-pencil', graphicStyling: { fills: { water: '#8DC2E480' } } } });
    expect((r.style.graphicStyling as { fills: { water: string } }).fills.water).toBe('#8DC2E480');
  });

  it('rejects unknown, cross-style and malformed fields together', () => {
    expect(
      problemsOf(() =>
        post({
          style: {
            graphicStyle: 'pencil',
            graphicStyling: { fills: { green: '#000000' }, sparkle: 1, green: { width: 17, color: 'green' }, trees: 'dark', version: 2 },
          },
        }),
      ),
    ).toEqual([
      { parameter: 'style.graphicStyling.fills', code: 'incompatible-style-option' },
      { parameter: 'style.graphicStyling.sparkle', code: 'unknown-parameter' },
      { parameter: 'style.graphicStyling.green.width', code: 'invalid-parameter' },
      { parameter: 'style.graphicStyling.green.color', code: 'invalid-parameter' },
      { parameter: 'style.graphicStyling.trees', code: 'invalid-parameter' },
      { parameter: 'style.graphicStyling.version', code: 'invalid-parameter' },
    ]);
  });

  it('is only for the Pencil styles', () => {
    expect(problemsOf(() => post({ style: { graphicStyling: {} } }))).toEqual([{ parameter: 'style.graphicStyling', code: 'incompatible-style-option' }]);
  });
});

describe('hole-region', () => {
  const region = {
    pointA: { measurement: 'radial-centerline', offsetYards: 150 },
    pointB: { source: 'coordinates', longitude: -93.2, latitude: 44.9 },
  };

  it('normalizes the framing points with defaults', () => {
    const r = post({ subject: { type: 'hole-region', holeNumber: 4 }, regionComposition: region });
    expect(r.subject).toEqual({ type: 'hole-region', holeNumber: 4 });
    expect(r.regionComposition).toEqual({
      pointA: { source: 'measurement', measurement: 'radial-centerline', reference: 'tee', offsetYards: 150 },
      pointB: { source: 'coordinates', longitude: -93.2, latitude: 44.9 },
    });
    expect(r.output).toMatchObject({ width: 1440, height: 2400 });
    expect(r.composition).toBeUndefined();
  });

  it('accepts one reference ray toward the other point', () => {
    const r = post({
      subject: { type: 'hole-region' },
      regionComposition: { pointA: { measurement: 'reference-ray', toward: 'pointB', offsetYards: -20, reference: 'green' }, pointB: region.pointB },
    });
    expect(r.regionComposition?.pointA).toMatchObject({ measurement: 'reference-ray', toward: 'pointB', offsetYards: -20 });
  });

  it('rejects bad points', () => {
    expect(problemsOf(() => post({ subject: { type: 'hole-region' } }))).toEqual([{ parameter: 'regionComposition', code: 'missing-parameter' }]);
    expect(
      problemsOf(() =>
        post({
          subject: { type: 'hole-region' },
          regionComposition: {
            pointA: { measurement: 'reference-ray', toward: 'pointB', offsetYards: 5 },
            pointB: { measurement: 'reference-ray', toward: 'pointA', offsetYards: 5 },
          },
        }),
      ),
    ).toEqual([{ parameter: 'regionComposition', code: 'conflicting-parameters' }]);
    expect(
      problemsOf(() =>
        post({
          subject: { type: 'hole-region' },
          regionComposition: { pointA: { source: 'coordinates', longitude: 200, latitude: 1, extra: 1 }, pointB: { offsetYards: -5 }, pointC: {} },
        }),
      ),
    ).toEqual([
      { parameter: 'regionComposition.pointC', code: 'unknown-parameter' },
      { parameter: 'regionComposition.pointA.longitude', code: 'invalid-parameter' },
      { parameter: 'regionComposition.pointA.extra', code: 'unknown-parameter' },
      { parameter: 'regionComposition.pointB.offsetYards', code: 'invalid-parameter' },
    ]);
    expect(problemsOf(() => post({ regionComposition: region }))).toEqual([{ parameter: 'regionComposition', code: 'parameter-not-applicable' }]);
  });
});

describe('print resolution and physical size in the body', () => {
  it('reads output.dpi and output.widthMm/heightMm like the query, and the dpi changes the artifact key', () => {
    const print = post({ subject: { type: 'green', holeNumber: 2 }, output: { widthMm: 101.6, heightMm: 101.6, dpi: 600 } });
    expect(print.output).toEqual({ format: 'webp', width: 2400, height: 2400, quality: 90, dpi: 600 });
    expect(print).toEqual(parseGraphicsQuery('green-2', 'webp', { widthIn: '4', heightIn: '4', dpi: '600' }, course));
    const at300 = post({ output: { width: 1440, height: 2400 } });
    const at600 = post({ output: { width: 1440, height: 2400, dpi: 600 } });
    expect(artifactKey('r@1', 'sha256:x', at300)).not.toBe(artifactKey('r@1', 'sha256:x', at600));
  });

  it('names both body paths when pixels and a print size are mixed', () => {
    expect(problemsOf(() => post({ output: { height: 2400, widthIn: 4 } }))).toEqual([{ parameter: 'output.widthIn', code: 'conflicting-parameters' }]);
    expect(problemsOf(() => post({ output: { widthMm: '100' } }))).toEqual([{ parameter: 'output.widthMm', code: 'invalid-parameter' }]);
  });
});
