import { OVERLAY_TYPES, type OverlayType } from '../options/graphics-vocabulary';
import { OverlayRequestError, type OverlayProblem } from './overlay-errors';
import { parseOverlayItems } from './overlay-parser';

const ALL: readonly OverlayType[] = OVERLAY_TYPES;

function problemsOf(items: unknown, allowed: readonly OverlayType[] = ALL): OverlayProblem[] {
  try {
    parseOverlayItems(items, allowed);
  } catch (error) {
    if (error instanceof OverlayRequestError) return error.problems;
    throw error;
  }
  throw new Error('expected an OverlayRequestError');
}

describe('parseOverlayItems: defaults', () => {
  it('fills every green-measurements default of the spec table', () => {
    const [item] = parseOverlayItems([{ type: 'green-measurements' }], ALL);
    expect(item).toEqual({
      id: 'green-measurements-1',
      type: 'green-measurements',
      origin: 'green-center',
      depthLabelPosition: 'top',
      widthLabelPosition: 'right',
      style: {
        strokeColor: '#FFFFFF',
        strokeWidth: 4,
        strokeStyle: 'solid',
        linePosition: 'inside',
        endCap: 'none',
        endCapSize: 10,
        showDepth: true,
        showWidth: true,
        showLabels: true,
        showDepthLabel: true,
        showWidthLabel: true,
        labelPrecision: 'rounded',
        labelSize: 16,
        labelColor: '#FFFFFF',
        labelBackgroundColor: '#07110D',
        labelXPadding: 8,
        labelYPadding: 6,
        labelGap: 8,
      },
    });
  });

  it('fills the fairway-widths, heatmap and arrow defaults', () => {
    const [fairway, heatmap, arrows] = parseOverlayItems(
      [{ type: 'fairway-widths' }, { type: 'green-elevation-heatmap' }, { type: 'green-downhill-arrows' }],
      ALL,
    );
    expect(fairway).toMatchObject({
      measurement: 'bearing',
      style: {
        strokeColor: '#FFFFFF',
        strokeWidth: 3,
        strokeStyle: 'solid',
        pointSize: 10,
        pointColor: '#FFFFFF',
        pointOutlineColor: '#07110D',
        showLabels: true,
        labelPosition: 'right',
        labelPrecision: 'rounded',
        labelSize: 16,
        labelColor: '#FFFFFF',
        labelBackgroundColor: '#07110D',
      },
    });
    expect(fairway).not.toHaveProperty('yardages');
    expect(fairway).not.toHaveProperty('from');
    expect(heatmap).toEqual({ id: 'green-elevation-heatmap-1', type: 'green-elevation-heatmap', style: { opacity: 0.42 } });
    expect(arrows).toEqual({
      id: 'green-downhill-arrows-1',
      type: 'green-downhill-arrows',
      layout: 'fluid',
      density: 'medium',
      style: { color: '#142622', opacity: 1 },
    });
  });

  it('keeps given values, upper-cases colours and reads comma-delimited yardages', () => {
    const [centerline, fairway] = parseOverlayItems(
      [
        { type: 'hole-centerline', style: { strokeColor: '#a1b2c3', strokeWidth: 16, strokeStyle: 'dash-dot' } },
        { type: 'fairway-widths', measurement: 'profile', yardages: ' 150, 200 ,250', from: 'Blue' },
      ],
      ALL,
    );
    expect(centerline).toEqual({
      id: 'hole-centerline-1',
      type: 'hole-centerline',
      style: { strokeColor: '#A1B2C3', strokeWidth: 16, strokeStyle: 'dash-dot' },
    });
    expect(fairway).toMatchObject({ measurement: 'profile', yardages: [150, 200, 250], from: 'Blue' });
  });
});

describe('parseOverlayItems: ids', () => {
  it('assigns `${type}-${n}` counting each type in order and keeps explicit ids', () => {
    const items = parseOverlayItems([{ type: 'flag' }, { type: 'tee' }, { type: 'flag', id: 'pin_A-1' }, { type: 'flag' }], ALL);
    expect(items.map((i) => i.id)).toEqual(['flag-1', 'tee-1', 'pin_A-1', 'flag-3']);
  });

  it('rejects explicit duplicates and an assigned id already taken by an explicit one', () => {
    expect(
      problemsOf([
        { type: 'flag', id: 'a' },
        { type: 'cup', id: 'a' },
      ]),
    ).toEqual([expect.objectContaining({ parameter: 'overlays[1].id', code: 'duplicate-overlay-id' })]);
    expect(problemsOf([{ type: 'cup', id: 'flag-2' }, { type: 'flag' }, { type: 'flag' }])).toEqual([
      expect.objectContaining({ parameter: 'overlays[2].id', code: 'duplicate-overlay-id' }),
    ]);
  });

  it('checks the id pattern: first A-Za-z0-9, then up to 63 of A-Za-z0-9_-', () => {
    expect(parseOverlayItems([{ type: 'cup', id: 'a'.repeat(64) }], ALL)[0].id).toHaveLength(64);
    for (const id of ['-a', '_a', 'a'.repeat(65), 'a b', '', 7]) {
      expect(problemsOf([{ type: 'cup', id }])).toEqual([expect.objectContaining({ parameter: 'overlays[0].id', code: 'invalid-parameter' })]);
    }
  });
});

describe('parseOverlayItems: problems', () => {
  it('needs an array of 1..64 items', () => {
    expect(problemsOf(undefined)).toEqual([expect.objectContaining({ parameter: 'overlays', code: 'missing-parameter' })]);
    expect(problemsOf({ type: 'flag' })).toEqual([expect.objectContaining({ parameter: 'overlays', code: 'invalid-parameter' })]);
    expect(problemsOf([])).toEqual([expect.objectContaining({ parameter: 'overlays', code: 'invalid-parameter' })]);
    expect(
      parseOverlayItems(
        Array.from({ length: 64 }, () => ({ type: 'flag' })),
        ALL,
      ),
    ).toHaveLength(64);
    expect(problemsOf(Array.from({ length: 65 }, () => ({ type: 'flag' })))).toEqual([
      expect.objectContaining({ parameter: 'overlays', code: 'invalid-parameter' }),
    ]);
  });

  it('requires a known type and answers overlay-not-allowed for types the receipt lacks', () => {
    expect(problemsOf([{}])).toEqual([expect.objectContaining({ parameter: 'overlays[0].type', code: 'missing-parameter' })]);
    expect(problemsOf([{ type: 'fairway-chevrons' }])).toEqual([expect.objectContaining({ parameter: 'overlays[0].type', code: 'invalid-parameter' })]);
    expect(problemsOf(['flag'])).toEqual([expect.objectContaining({ parameter: 'overlays[0]', code: 'invalid-parameter' })]);
    expect(problemsOf([{ type: 'flag' }, { type: 'green-measurements' }], ['flag'])).toEqual([
      expect.objectContaining({ parameter: 'overlays[1].type', code: 'overlay-not-allowed' }),
    ]);
    // a profile receipt authorizes nothing, but the items are still validated
    expect(problemsOf([{ type: 'cup', style: { strokeWidth: 99 } }], [])).toEqual([
      expect.objectContaining({ parameter: 'overlays[0].type', code: 'overlay-not-allowed' }),
      expect.objectContaining({ parameter: 'overlays[0].style.strokeWidth', code: 'invalid-parameter' }),
    ]);
  });

  it('rejects extra properties on the item and inside style', () => {
    expect(problemsOf([{ type: 'cup', color: '#FFFFFF' }])).toEqual([expect.objectContaining({ parameter: 'overlays[0].color', code: 'unknown-parameter' })]);
    expect(problemsOf([{ type: 'green-elevation-heatmap', style: { opacity: 0.5, blend: 'multiply' } }])).toEqual([
      expect.objectContaining({ parameter: 'overlays[0].style.blend', code: 'unknown-parameter' }),
    ]);
    expect(problemsOf([{ type: 'green-downhill-arrows', style: null }])).toEqual([
      expect.objectContaining({ parameter: 'overlays[0].style', code: 'invalid-parameter' }),
    ]);
  });

  it('reports every problem of every item together, with body paths', () => {
    const problems = problemsOf([
      { type: 'hole-centerline', style: { strokeWidth: 0, strokeStyle: 'wavy' } },
      { type: 'flag' },
      { type: 'green-measurements', style: { endCapSize: 33, labelYPadding: 21 }, extra: 1 },
      { type: 'fairway-widths', yardages: [0, 801, 150.5] },
      { id: '-x' },
    ]);
    expect(problems.map((p) => [p.parameter, p.code])).toEqual(
      expect.arrayContaining([
        ['overlays[0].style.strokeWidth', 'invalid-parameter'],
        ['overlays[0].style.strokeStyle', 'invalid-parameter'],
        ['overlays[2].style.endCapSize', 'invalid-parameter'],
        ['overlays[2].style.labelYPadding', 'invalid-parameter'],
        ['overlays[2].extra', 'unknown-parameter'],
        ['overlays[3].yardages[0]', 'invalid-parameter'],
        ['overlays[3].yardages[1]', 'invalid-parameter'],
        ['overlays[3].yardages[2]', 'invalid-parameter'],
        ['overlays[4].id', 'invalid-parameter'],
        ['overlays[4].type', 'missing-parameter'],
      ]),
    );
    expect(problems).toHaveLength(10);
  });

  it.each([
    ['hole-centerline', { style: { strokeWidth: 17 } }, 'style.strokeWidth'],
    ['hole-centerline', { style: { strokeWidth: 2.5 } }, 'style.strokeWidth'],
    ['hole-centerline', { style: { strokeColor: '#FFF' } }, 'style.strokeColor'],
    ['hole-centerline', { style: { strokeColor: 'white' } }, 'style.strokeColor'],
    ['green-elevation-heatmap', { style: { opacity: 0.09 } }, 'style.opacity'],
    ['green-elevation-heatmap', { style: { opacity: 0.81 } }, 'style.opacity'],
    ['green-downhill-arrows', { style: { opacity: 0.05 } }, 'style.opacity'],
    ['green-downhill-arrows', { style: { opacity: 1.01 } }, 'style.opacity'],
    ['green-downhill-arrows', { layout: 'spiral' }, 'layout'],
    ['green-downhill-arrows', { density: 'extreme' }, 'density'],
    ['green-measurements', { origin: 'pin' }, 'origin'],
    ['green-measurements', { depthLabelPosition: 'left' }, 'depthLabelPosition'],
    ['green-measurements', { widthLabelPosition: 'top' }, 'widthLabelPosition'],
    ['green-measurements', { style: { endCapSize: 3 } }, 'style.endCapSize'],
    ['green-measurements', { style: { endCap: 'square' } }, 'style.endCap'],
    ['green-measurements', { style: { linePosition: 'above' } }, 'style.linePosition'],
    ['green-measurements', { style: { labelXPadding: 33 } }, 'style.labelXPadding'],
    ['green-measurements', { style: { labelGap: -1 } }, 'style.labelGap'],
    ['green-measurements', { style: { labelSize: 0 } }, 'style.labelSize'],
    ['green-measurements', { style: { showDepth: 'yes' } }, 'style.showDepth'],
    ['green-measurements', { style: { labelPrecision: 'exact' } }, 'style.labelPrecision'],
    ['fairway-widths', { measurement: 'carry' }, 'measurement'],
    ['fairway-widths', { yardages: [] }, 'yardages'],
    ['fairway-widths', { yardages: Array.from({ length: 13 }, (_, i) => 10 + i) }, 'yardages'],
    ['fairway-widths', { yardages: '150,abc' }, 'yardages[1]'],
    ['fairway-widths', { yardages: '150,' }, 'yardages[1]'],
    ['fairway-widths', { from: 'x'.repeat(101) }, 'from'],
    ['fairway-widths', { from: '-79.5,95' }, 'from'],
    ['fairway-widths', { style: { pointSize: 33 } }, 'style.pointSize'],
    ['fairway-widths', { style: { labelPosition: 'center' } }, 'style.labelPosition'],
    ['fairway-widths', { style: { labelXPadding: -1 } }, 'style.labelXPadding'],
  ])('%s rejects %j at %s', (type, fields, path) => {
    expect(problemsOf([{ type, ...fields }])).toEqual([expect.objectContaining({ parameter: `overlays[0].${path}`, code: 'invalid-parameter' })]);
  });

  it.each([
    ['hole-centerline', { style: { strokeWidth: 1, strokeStyle: 'dotted' } }],
    ['green-elevation-heatmap', { style: { opacity: 0.1 } }],
    ['green-elevation-heatmap', { style: { opacity: 0.8 } }],
    ['green-downhill-arrows', { layout: 'grid', density: 'high', style: { opacity: 0.1, color: '#f8faf7' } }],
    ['green-measurements', { style: { endCapSize: 32, labelXPadding: 0, labelYPadding: 20, labelGap: 0, labelSize: 1 } }],
    ['fairway-widths', { yardages: [1, 800], from: '-79.5, 35.25', style: { labelPosition: 'alternate' } }],
    ['fairway-widths', { yardages: Array.from({ length: 12 }, (_, i) => 10 + i), from: 'x'.repeat(100) }],
  ])('%s accepts the range ends %j', (type, fields) => {
    expect(() => parseOverlayItems([{ type, ...fields }], ALL)).not.toThrow();
  });
});
