import { parseGraphicsQuery, parseSubjectPath } from './graphics-query-parser';
import { GraphicsRequestError, type GraphicsRequestProblem } from './graphics-request-error';
import type { CourseStyleContext } from './course-style-context';

const publicFlorida: CourseStyleContext = { classification: 'Public', country: 'US', region: 'FL' };
const abroad: CourseStyleContext = { classification: null, country: 'SE', region: 'Skåne' };

function problemsOf(run: () => unknown): GraphicsRequestProblem[] {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphicsRequestError) return [...error.problems];
    throw error;
  }
  throw new Error('expected a GraphicsRequestError');
}
const get = (subject: string, query: Record<string, string | string[]> = {}, course = publicFlorida, format = 'webp') =>
  parseGraphicsQuery(subject, format, query, course);
const problemsOfGet = (subject: string, query: Record<string, string | string[]>, course = publicFlorida) =>
  problemsOf(() => get(subject, query, course)).map(({ parameter, code }) => ({ parameter, code }));

describe('subject path', () => {
  it.each([
    ['course', { type: 'course' }],
    ['hole-1', { type: 'hole', holeNumber: 1 }],
    ['green-18', { type: 'green', holeNumber: 18 }],
    ['profile-elevation-7', { type: 'profile-elevation', holeNumber: 7 }],
  ])('reads %s', (path, subject) => expect(parseSubjectPath(path)).toEqual(subject));

  it.each(['hole-0', 'hole-01', 'green-', 'hole-region-1', 'holes-1', 'course-1', 'hole--2', 'hole-1000'])('rejects %s', (path) => {
    expect(parseSubjectPath(path)).toBeNull();
    expect(problemsOfGet(path, {})).toEqual([{ parameter: 'subject', code: 'unsupported-subject' }]);
  });

  it('rejects an unknown format and maps jpg to jpeg', () => {
    expect(problemsOf(() => get('hole-1', {}, publicFlorida, 'gif'))).toEqual([expect.objectContaining({ parameter: 'format', code: 'unsupported-format' })]);
    expect(get('hole-1', {}, publicFlorida, 'jpg').output.format).toBe('jpeg');
  });
});

describe('defaults per subject', () => {
  it('fills a portrait hole', () => {
    const r = get('hole-4');
    expect(r.subject).toEqual({ type: 'hole', holeNumber: 4 });
    expect(r.output).toEqual({ format: 'webp', width: 1440, height: 2400, quality: 90, dpi: 300 });
    expect(r.style).toMatchObject({
      graphicStyle: 'traditional',
      paperTheme: 'light',
      terrainIntensity: 2.2,
      terrainTexture: true,
      fairwayPattern: 'medium-stripes',
      teePattern: 'plain',
      bunkerTreatment: 'classic',
      overtureSegments: 'all',
      perimeterTreatment: 'classic',
      nearbyHoles: 'hidden',
      roughOpacity: 1,
      context: { graphing: true, edges: true, contours: true, washes: false },
    });
    expect(r.composition).toEqual({
      mode: 'preset',
      layout: 'portrait',
      flagAnchor: 'middle',
      teeAnchor: 'middle',
      padding: {
        top: { unit: 'fraction', value: 0.05 },
        right: { unit: 'fraction', value: 0.05 },
        bottom: { unit: 'fraction', value: 0.05 },
        left: { unit: 'fraction', value: 0.05 },
      },
    });
    expect(r.greenComposition).toBeUndefined();
    expect(r.greenData).toBeUndefined();
    expect(r.style.pencilFeatures).toBeUndefined();
    expect(r.style.graphicStyling).toBeUndefined();
  });

  it('sizes a landscape hole 2400x1440 and adds the tee side', () => {
    const r = get('hole-4', { layout: 'landscape' });
    expect(r.output).toMatchObject({ width: 2400, height: 1440 });
    expect(r.composition).toMatchObject({ layout: 'landscape', teeSide: 'left' });
  });

  it('fills a green', () => {
    const r = get('green-2');
    expect(r.output).toMatchObject({ width: 1200, height: 1200 });
    expect(r.composition).toBeUndefined();
    expect(r.greenComposition).toEqual({
      orientation: 'approach',
      paddingMeters: { top: 12, right: 12, bottom: 12, left: 12 },
      approachEdge: 'bottom',
      rotationDegrees: 0,
      gravity: 'center',
    });
    expect(r.greenData).toEqual({ breaks: false });
    expect(r.style.context).toEqual({ graphing: true });
    expect(r.style.perimeterTreatment).toBeUndefined();
    expect(r.style.nearbyHoles).toBeUndefined();
  });

  it('fills a course with auto padding', () => {
    const r = get('course');
    expect(r.output).toMatchObject({ width: 2400, height: 1600 });
    expect(r.courseComposition).toEqual({ padding: 'auto' });
    expect(r.style.perimeterTreatment).toBe('classic');
    expect(r.composition).toBeUndefined();
  });

  it('fills a profile with profile options only', () => {
    const r = get('profile-elevation-3');
    expect(r.output).toMatchObject({ width: 1600, height: 600 });
    expect(r.style).toEqual({
      graphicStyle: 'traditional',
      profileLineStyle: 'smooth',
      profileLabelSize: 'small',
      profileYardageSize: 'small',
      profileDistanceUnit: 'yards',
      profilePadding: { top: { unit: 'px', value: 0 }, right: { unit: 'px', value: 0 }, bottom: { unit: 'px', value: 0 }, left: { unit: 'px', value: 0 } },
      profileBackgroundColor: '#FFFFFF',
    });
  });

  it('leaves quality out of PNG requests even when given', () => {
    expect(parseGraphicsQuery('hole-1', 'png', { quality: '50' }, publicFlorida).output).toEqual({ format: 'png', width: 1440, height: 2400, dpi: 300 });
    expect(parseGraphicsQuery('hole-1', 'jpeg', { quality: '50' }, publicFlorida).output.quality).toBe(50);
  });
});

describe('aliases', () => {
  it.each([
    ['fairwayPattern', 'checkered-v1', (r: ReturnType<typeof get>) => r.style.fairwayPattern, 'medium-checks'],
    ['fairwayPattern', 'checkered-v2', (r: ReturnType<typeof get>) => r.style.fairwayPattern, 'small-checks'],
    ['nearbyHoles', 'stroked', (r: ReturnType<typeof get>) => r.style.nearbyHoles, 'stroked-dark'],
    ['perimeterTreatment', 'tapered', (r: ReturnType<typeof get>) => r.style.perimeterTreatment, 'classic'],
    ['perimeterTreatment', 'tapered-wide', (r: ReturnType<typeof get>) => r.style.perimeterTreatment, 'classic-wide'],
    ['perimeterTreatment', 'tapered-wider', (r: ReturnType<typeof get>) => r.style.perimeterTreatment, 'classic-wider'],
    ['perimeterTreatment', 'tapered-widest', (r: ReturnType<typeof get>) => r.style.perimeterTreatment, 'classic-widest'],
    ['perimeterTreatment', 'default', (r: ReturnType<typeof get>) => r.style.perimeterTreatment, 'classic'],
  ])('%s=%s', (name, value, read, expected) => {
    expect(read(get('hole-1', { [name]: value }))).toBe(expected);
  });

  it('contextTexture is contextGraphing', () => {
    expect(get('hole-1', { contextTexture: 'false' })).toEqual(get('hole-1', { contextGraphing: 'false' }));
    expect(get('hole-1', { contextTexture: 'false' }).style.context?.graphing).toBe(false);
  });

  it('context name texture is graphing, and the list switches the other layers off', () => {
    expect(get('hole-1', { context: 'texture,washes' }).style.context).toEqual({ graphing: true, edges: false, contours: false, washes: true });
    expect(get('hole-1', { context: 'none' }).style.context).toEqual({ graphing: false, edges: false, contours: false, washes: false });
    expect(get('green-1', { context: 'none' }).style.context).toEqual({ graphing: false });
  });

  it('spells both forms of a break colour the same', () => {
    expect(get('green-1', { breaks: 'true', breakColor: 'dark' })).toEqual(get('green-1', { breaks: 'true', breakColor: '#142622' }));
  });
});

describe('composition', () => {
  it('numeric targets select exact unless preset is given', () => {
    expect(get('hole-1', { flagX: '40' }).composition).toMatchObject({ mode: 'exact', flagTarget: { x: 40 } });
    expect(get('hole-1', { teeY: '85.5', compositionMode: 'preset' }).composition).toMatchObject({ mode: 'preset', teeTarget: { y: 85.5 } });
    expect(get('hole-1', { compositionMode: 'exact' }).composition?.mode).toBe('exact');
  });

  it('checks anchors against the layout', () => {
    expect(get('hole-1', { layout: 'landscape', flagAnchor: 'top' }).composition?.flagAnchor).toBe('top');
    expect(problemsOfGet('hole-1', { flagAnchor: 'top', teeAnchor: 'bottom' })).toEqual([
      { parameter: 'flagAnchor', code: 'invalid-parameter' },
      { parameter: 'teeAnchor', code: 'invalid-parameter' },
    ]);
  });

  it('drops teeSide from portrait requests', () => {
    expect(get('hole-1', { teeSide: 'right' })).toEqual(get('hole-1'));
    expect(get('hole-1', { layout: 'landscape', teeSide: 'right' }).composition?.teeSide).toBe('right');
  });

  it('reads course padding', () => {
    expect(get('course', { padding: '10px 5%' }).courseComposition?.padding).toEqual({
      top: { unit: 'px', value: 10 },
      right: { unit: 'fraction', value: 0.05 },
      bottom: { unit: 'px', value: 10 },
      left: { unit: 'fraction', value: 0.05 },
    });
  });
});

describe('sizes and limits', () => {
  it('keeps the default aspect ratio when one dimension is given', () => {
    expect(get('hole-1', { width: '720' }).output).toMatchObject({ width: 720, height: 1200 });
    expect(get('green-1', { height: '500' }).output).toMatchObject({ width: 500, height: 500 });
  });

  it.each([
    [{ width: '319', height: '400' }, 'width', 'invalid-parameter'],
    [{ width: '400', height: '8001' }, 'height', 'invalid-parameter'],
    [{ width: '640.5', height: '400' }, 'width', 'invalid-parameter'],
    [{ width: 'wide', height: '400' }, 'width', 'invalid-parameter'],
    [{ width: '8000', height: '4001' }, 'width', 'image-too-large'],
    [{ width: '6000' }, 'width', 'invalid-parameter'],
  ])('%j -> %s %s', (query, parameter, code) => {
    expect(problemsOfGet('hole-1', query)).toEqual([{ parameter, code }]);
  });

  it('accepts exactly 32 megapixels and the edges of the ranges', () => {
    expect(get('hole-1', { width: '8000', height: '4000' }).output).toMatchObject({ width: 8000, height: 4000 });
    expect(get('hole-1', { width: '320', height: '320' }).output).toMatchObject({ width: 320, height: 320 });
  });

  it('rejects padding that leaves no room', () => {
    expect(problemsOfGet('hole-1', { width: '400', height: '400', padding: '200px' })).toEqual([{ parameter: 'padding', code: 'padding-too-large' }]);
    expect(problemsOfGet('hole-1', { padding: '60%' })).toEqual([{ parameter: 'padding', code: 'padding-too-large' }]);
  });
});

describe('rejections', () => {
  it('rejects options that do not apply to the subject (rule 5)', () => {
    expect(problemsOfGet('green-1', { layout: 'portrait', flagX: '3', nearbyHoles: 'detailed', padding: '5%' })).toEqual([
      { parameter: 'nearbyHoles', code: 'parameter-not-applicable' },
      { parameter: 'layout', code: 'parameter-not-applicable' },
      { parameter: 'flagX', code: 'parameter-not-applicable' },
      { parameter: 'padding', code: 'parameter-not-applicable' },
    ]);
    expect(problemsOfGet('hole-1', { greenGravity: 'top', breaks: 'true', greenPaddingMeters: '5' })).toEqual([
      { parameter: 'greenPaddingMeters', code: 'parameter-not-applicable' },
      { parameter: 'greenGravity', code: 'parameter-not-applicable' },
      { parameter: 'breaks', code: 'parameter-not-applicable' },
    ]);
    expect(problemsOfGet('course', { heatmap: 'elevation', contextEdges: 'true' })).toEqual([
      { parameter: 'contextEdges', code: 'parameter-not-applicable' },
      { parameter: 'heatmap', code: 'parameter-not-applicable' },
    ]);
    expect(problemsOfGet('profile-elevation-1', { perimeterTreatment: 'none', overtureSegments: 'none', terrainTexture: 'false' })).toHaveLength(3);
    expect(problemsOfGet('hole-1', { profileTee: 'blue' })).toEqual([{ parameter: 'profileTee', code: 'parameter-not-applicable' }]);
  });

  it('lets heatmap apply to holes and greens', () => {
    expect(get('hole-1', { heatmap: 'elevation' }).greenData).toEqual({ heatmap: 'elevation', heatmapOpacity: 0.42, heatmapLegend: false });
    expect(get('green-1', { heatmap: 'elevation', heatmapOpacity: '0.8' }).greenData).toMatchObject({ heatmap: 'elevation', heatmapOpacity: 0.8 });
  });

  it('takes the heatmap legend only with a heatmap', () => {
    expect(get('green-1', { heatmap: 'elevation', heatmapLegend: 'true' }).greenData).toMatchObject({ heatmap: 'elevation', heatmapLegend: true });
    expect(get('green-1', { breaks: 'true' }).greenData).not.toHaveProperty('heatmapLegend');
    expect(problemsOfGet('green-1', { heatmap: 'elevation', heatmapLegend: 'maybe' })).toEqual([{ parameter: 'heatmapLegend', code: 'invalid-parameter' }]);
    expect(problemsOfGet('course', { heatmapLegend: 'true' })).toEqual([{ parameter: 'heatmapLegend', code: 'parameter-not-applicable' }]);
  });

  it('rejects heatmap=slope as unsupported', () => {
    expect(problemsOfGet('green-1', { heatmap: 'slope' })).toEqual([{ parameter: 'heatmap', code: 'unsupported-value' }]);
  });

  it('rejects waterTreatment=none', () => {
    expect(problemsOfGet('hole-1', { waterTreatment: 'none' })).toEqual([{ parameter: 'waterTreatment', code: 'unsupported-value' }]);
  });

  it('keeps greenPadding and greenPaddingMeters apart', () => {
    expect(problemsOfGet('green-1', { greenPadding: '10%', greenPaddingMeters: '8' })).toEqual([{ parameter: 'greenPadding', code: 'conflicting-parameters' }]);
    const r = get('green-1', { greenPadding: '10%' });
    expect(r.greenComposition?.paddingMeters).toBeUndefined();
    expect(r.greenComposition?.padding?.top).toEqual({ unit: 'fraction', value: 0.1 });
  });

  it('rejects the context list together with a per-layer parameter', () => {
    expect(problemsOfGet('hole-1', { context: 'graphing', contextEdges: 'true' })).toEqual([{ parameter: 'contextEdges', code: 'conflicting-parameters' }]);
    expect(problemsOfGet('hole-1', { contextTexture: 'true', contextGraphing: 'true' })).toEqual([
      { parameter: 'contextGraphing', code: 'conflicting-parameters' },
    ]);
    expect(problemsOfGet('green-1', { context: 'graphing,edges' })).toEqual([{ parameter: 'context', code: 'parameter-not-applicable' }]);
  });

  it('rejects unknown and repeated parameters', () => {
    expect(problemsOfGet('hole-1', { apiKey: 'x', width: ['400', '500'], graphicStyling: '{}' })).toEqual([
      { parameter: 'apiKey', code: 'unknown-parameter' },
      { parameter: 'width', code: 'repeated-parameter' },
      { parameter: 'graphicStyling', code: 'unknown-parameter' },
    ]);
  });

  it('falls back to light for an invalid paperTheme instead of rejecting', () => {
    expect(get('hole-1', { paperTheme: 'purple' }).style.paperTheme).toBe('light');
    expect(get('hole-1', { paperTheme: '#12abEF' }).style.paperTheme).toBe('#12ABEF');
    expect(get('hole-1', { paperTheme: 'transparent' }).style.paperTheme).toBe('transparent');
  });

  it('rejects malformed values of each kind', () => {
    expect(
      problemsOfGet('green-1', {
        quality: '39',
        terrainIntensity: '5.1',
        terrainTexture: 'yes',
        greenery: 'neon',
        breakColor: '#12345',
        greenRotationDegrees: '181',
        heatmapOpacity: '0.05',
      }),
    ).toEqual([
      { parameter: 'quality', code: 'invalid-parameter' },
      { parameter: 'terrainIntensity', code: 'invalid-parameter' },
      { parameter: 'terrainTexture', code: 'invalid-parameter' },
      { parameter: 'greenery', code: 'invalid-parameter' },
      { parameter: 'breakColor', code: 'invalid-parameter' },
      { parameter: 'greenRotationDegrees', code: 'invalid-parameter' },
      { parameter: 'heatmapOpacity', code: 'invalid-parameter' },
    ]);
  });

  it('reports every problem of a request together, path problems included', () => {
    const problems = problemsOf(() => parseGraphicsQuery('green-0', 'gif', { width: '10', colour: 'red', terrainTexture: 'maybe' }, publicFlorida));
    expect(problems.map((p) => [p.parameter, p.code])).toEqual([
      ['subject', 'unsupported-subject'],
      ['format', 'unsupported-format'],
      ['colour', 'unknown-parameter'],
      ['width', 'invalid-parameter'],
      ['terrainTexture', 'invalid-parameter'],
    ]);
    for (const p of problems) expect(p.detail.length).toBeGreaterThan(5);
  });
});

describe('Pencil (rule 2)', () => {
  it('fixes its defaults', () => {
    const r = get('hole-1', { graphicStyle: 'pencil' }, { classification: 'private', country: 'US', region: 'FL' });
    expect(r.style).toMatchObject({
      graphicStyle: 'pencil',
      terrainIntensity: 0.5,
      terrainTexture: false,
      fairwayPattern: 'blank-v1',
      teePattern: 'plain',
      housing: 'none',
      overtureSegments: 'none',
      context: { graphing: true, edges: true, contours: false, washes: false },
      pencilFeatures: { buildings: false, paths: false, perimeter: true },
    });
    expect(r.style.roughOpacity).toBeUndefined();
    expect(r.style.graphicStyling).toMatchObject({ version: 1 });
  });

  it('accepts the values it would choose anyway', () => {
    expect(
      get('hole-1', { graphicStyle: 'pencil', housing: 'none', terrainIntensity: '0.5', fairwayPattern: 'blank-v2', pencilPaths: 'true' }).style,
    ).toMatchObject({ fairwayPattern: 'blank-v2', pencilFeatures: { paths: true } });
  });

  it('rejects each incompatible control explicitly', () => {
    expect(
      problemsOfGet('hole-1', {
        graphicStyle: 'pencil',
        housing: 'warm',
        overtureSegments: 'small',
        contextContours: 'true',
        contextWashes: 'true',
        terrainIntensity: '0.6',
        terrainTexture: 'true',
        fairwayPattern: 'medium-stripes',
        teePattern: 'thin-stripes',
        heatmap: 'elevation',
        roughOpacity: '0.5',
      }),
    ).toEqual([
      { parameter: 'terrainIntensity', code: 'incompatible-style-option' },
      { parameter: 'terrainTexture', code: 'incompatible-style-option' },
      { parameter: 'fairwayPattern', code: 'incompatible-style-option' },
      { parameter: 'teePattern', code: 'incompatible-style-option' },
      { parameter: 'housing', code: 'incompatible-style-option' },
      { parameter: 'overtureSegments', code: 'incompatible-style-option' },
      { parameter: 'roughOpacity', code: 'incompatible-style-option' },
      { parameter: 'contextContours', code: 'incompatible-style-option' },
      { parameter: 'contextWashes', code: 'incompatible-style-option' },
      { parameter: 'heatmap', code: 'incompatible-style-option' },
    ]);
    expect(problemsOfGet('green-1', { graphicStyle: 'pencil', breaks: 'true' })).toEqual([{ parameter: 'breaks', code: 'incompatible-style-option' }]);
    expect(problemsOfGet('hole-1', { graphicStyle: 'pencil', context: 'graphing,contours' })).toEqual([
      { parameter: 'context', code: 'incompatible-style-option' },
    ]);
  });

  it('takes pencil features only for Pencil', () => {
    expect(problemsOfGet('hole-1', { pencilBuildings: 'true' })).toEqual([{ parameter: 'pencilBuildings', code: 'incompatible-style-option' }]);
    expect(problemsOfGet('profile-elevation-1', { graphicStyle: 'pencil', pencilPerimeter: 'false' })).toEqual([
      { parameter: 'pencilPerimeter', code: 'parameter-not-applicable' },
    ]);
  });
});

describe('Colored Pencil (rule 3)', () => {
  it('defaults overtureSegments to small and rejects all', () => {
    expect(get('hole-1', { graphicStyle: 'colored-pencil' }).style.overtureSegments).toBe('small');
    expect(get('hole-1', { graphicStyle: 'colored-pencil', overtureSegments: 'none' }).style.overtureSegments).toBe('none');
    expect(problemsOfGet('hole-1', { graphicStyle: 'colored-pencil', overtureSegments: 'all' })).toEqual([
      { parameter: 'overtureSegments', code: 'incompatible-style-option' },
    ]);
  });

  it('stays unpatterned and untextured like Pencil (our reading of "no terrain, shading or texture")', () => {
    expect(get('hole-1', { graphicStyle: 'colored-pencil' }, { classification: 'private', country: 'US', region: 'FL' }).style).toMatchObject({
      fairwayPattern: 'blank-v1',
      teePattern: 'plain',
      terrainIntensity: 0.5,
      terrainTexture: false,
    });
    expect(problemsOfGet('hole-1', { graphicStyle: 'colored-pencil', fairwayPattern: 'small-checks', terrainTexture: 'true' })).toEqual([
      { parameter: 'terrainTexture', code: 'incompatible-style-option' },
      { parameter: 'fairwayPattern', code: 'incompatible-style-option' },
    ]);
  });

  it('keeps housing auto and draws heatmaps', () => {
    const r = get('hole-1', { graphicStyle: 'colored-pencil', heatmap: 'elevation' }, { classification: null, country: 'US', region: 'MN' });
    expect(r.style.housing).toBe('cool');
    expect(r.greenData?.heatmap).toBe('elevation');
  });
});

describe('auto values through the GET route', () => {
  it('resolves water, housing and greenery from the course', () => {
    expect(get('hole-1').style).toMatchObject({ waterTreatment: 'light', housing: 'warm', greenery: 'warm-emerald' });
    expect(get('hole-1', {}, abroad).style).toMatchObject({ waterTreatment: 'medium', housing: 'mixed', greenery: 'classic' });
    expect(get('hole-1', { waterTreatment: 'auto' })).toEqual(get('hole-1', { waterTreatment: 'light' }));
    expect(get('hole-1', { housing: 'none' }).style.housing).toBe('none');
  });

  it('chooses the fairway pattern by classification', () => {
    expect(get('hole-1', {}, { classification: ' Resort ', country: 'US', region: 'FL' }).style.fairwayPattern).toBe('medium-checks');
    expect(get('hole-1', {}, { classification: 'municipal', country: 'US', region: 'FL' }).style.fairwayPattern).toBe('medium-stripes');
    expect(get('hole-1', { fairwayPattern: 'large-stripes' }, { classification: 'private', country: 'US', region: 'FL' }).style.fairwayPattern).toBe(
      'large-stripes',
    );
  });
});

describe('print resolution and physical size', () => {
  it('defaults to 300 dpi, reads dpi in range and rejects it outside 72..1200', () => {
    expect(get('hole-1').output.dpi).toBe(300);
    expect(get('green-1', { dpi: '600' }).output.dpi).toBe(600);
    expect(problemsOfGet('hole-1', { dpi: '71' })).toEqual([{ parameter: 'dpi', code: 'invalid-parameter' }]);
    expect(problemsOfGet('hole-1', { dpi: '1201' })).toEqual([{ parameter: 'dpi', code: 'invalid-parameter' }]);
    expect(problemsOfGet('hole-1', { dpi: '300.5' })).toEqual([{ parameter: 'dpi', code: 'invalid-parameter' }]);
  });

  it('turns millimetres and inches into pixels at the dpi and leaves the print size out of the request', () => {
    const a4ish = get('course', { widthMm: '254', heightMm: '203.2', dpi: '300' });
    expect(a4ish.output).toEqual({ format: 'webp', width: 3000, height: 2400, quality: 90, dpi: 300 });
    expect(get('green-1', { widthIn: '4', heightIn: '4', dpi: '150' }).output).toMatchObject({ width: 600, height: 600, dpi: 150 });
    // one side keeps the subject's default aspect ratio, like pixels do
    expect(get('hole-1', { widthIn: '4.8' }).output).toMatchObject({ width: 1440, height: 2400, dpi: 300 });
    // same pixels and dpi: same normalized request (and artifact) as the pixel form
    expect(get('green-1', { widthIn: '4', heightIn: '4' })).toEqual(get('green-1', { width: '1200', height: '1200' }));
  });

  it('refuses mixing pixels and print sizes, or millimetres and inches, naming both parameters', () => {
    const mixed = problemsOf(() => get('hole-1', { width: '1000', heightMm: '100' }));
    expect(mixed).toEqual([expect.objectContaining({ parameter: 'heightMm', code: 'conflicting-parameters' })]);
    expect(mixed[0].detail).toContain('width');
    const units = problemsOf(() => get('hole-1', { widthMm: '100', heightIn: '5' }));
    expect(units).toEqual([expect.objectContaining({ parameter: 'heightIn', code: 'conflicting-parameters' })]);
    expect(units[0].detail).toContain('widthMm');
  });

  it('holds the resulting pixels to 320..8000 per side and 32 megapixels', () => {
    const small = problemsOf(() => get('green-1', { widthMm: '20', heightMm: '20', dpi: '300' }));
    expect(small.map((p) => [p.parameter, p.code])).toEqual([
      ['widthMm', 'invalid-parameter'],
      ['heightMm', 'invalid-parameter'],
    ]);
    expect(small[0].detail).toBe('20 mm at 300 dpi is 236 pixels, outside 320..8000 pixels per side; change the size or the dpi');
    expect(problemsOfGet('course', { widthIn: '30', heightIn: '10', dpi: '300' })).toEqual([{ parameter: 'widthIn', code: 'invalid-parameter' }]);
    const area = problemsOf(() => get('course', { widthIn: '25', heightIn: '25', dpi: '300' }));
    expect(area).toEqual([expect.objectContaining({ parameter: 'widthIn, heightIn', code: 'image-too-large' })]);
    expect(area[0].detail).toContain('at 300 dpi');
  });
});
