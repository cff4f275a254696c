import { correctedDraft, fieldRegions, fittingDesign, productionDesigns } from './console-scorecards';

const CAPTURE = 'M9H1/front-nine-page';
const fields = fieldRegions(CAPTURE).map((f) =>
  f.id === 'hole-3.score'
    ? { row: f.row, field: f.field, decision: 'NEEDS_REVIEW' as const, value: null, literal: '25', reasonCodes: ['out-of-range' as const] }
    : {
        row: f.row,
        field: f.field,
        decision: 'ACCEPTED' as const,
        value: f.row === 'totals' ? (f.field === 'score' ? 36 : 18) : f.field === 'score' ? 4 : 2,
        literal: null,
        reasonCodes: [],
      },
);
const request = (corrections: Record<string, unknown>) => ({ requestId: 'req-1', pageInstanceId: 'page-1', captureId: CAPTURE, fields, corrections });

describe('console scorecard corrections', () => {
  it('lists the production designs and the 20 field regions of an M9 page as fractions of the page', () => {
    expect(
      productionDesigns()
        .map((d) => d.designCode)
        .sort(),
    ).toEqual(['M18B', 'M18F', 'M9H1', 'M9H10GG', 'M9H1GG']);
    const regions = fieldRegions(CAPTURE);
    expect(regions).toHaveLength(20);
    for (const { box } of regions) expect(0 <= box.x1 && box.x1 < box.x2 && box.x2 <= 1 && 0 <= box.y1 && box.y1 < box.y2 && box.y2 <= 1).toBe(true);
  });

  it('names every design in words and starts a 9-hole course on a 9-hole card, an 18-hole course on the 18-hole front page', () => {
    const designs = productionDesigns();
    for (const d of designs) expect(d.name).toMatch(/holes \d+–\d+/);
    expect(designs.find((d) => d.designCode === 'M18B')!.holeNumbers).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(fittingDesign(designs, 9)).toBe('M9H1');
    expect(fittingDesign(designs, 6)).toBe('M9H1');
    expect(fittingDesign(designs, 18)).toBe('M18F');
    expect(fittingDesign(designs, 27)).toBe('M18F');
  });

  it('a corrected hole score enters the draft and leaves review', () => {
    const before = correctedDraft(request({}));
    expect(before.draft.record.reviewHoleNumbers).toEqual([3]);
    expect(before.draft.record.holes.map((h) => h.holeNumber)).not.toContain(3);
    const after = correctedDraft(request({ 'hole-3.score': '5' }));
    expect(after.draft.record.reviewHoleNumbers).toEqual([]);
    expect(after.draft.record.holes.find((h) => h.holeNumber === 3)).toEqual({ holeNumber: 3, score: 5 });
    expect(after.reviewFields).toEqual([]);
    // the same page and request name the same draft as the processing answer
    expect(after.draft.draftId).toBe(before.draft.draftId);
  });

  it('refuses values the field does not accept, unknown fields, unknown captures and malformed bodies', () => {
    expect(() => correctedDraft(request({ 'hole-3.score': '42' }))).toThrow(/hole-3.score: "42" is out-of-range \(expected 1..20\)/);
    expect(() => correctedDraft(request({ 'hole-3.score': 'x' }))).toThrow(/unreadable/);
    expect(() => correctedDraft(request({ 'hole-12.score': '4' }))).toThrow(/not a field of this page/);
    expect(() => correctedDraft({ ...request({}), captureId: 'M9H1/horizontal-spread' })).toThrow(/not a production capture/);
    expect(() => correctedDraft({ ...request({}), extra: 1 })).toThrow(expect.objectContaining({ code: 'console-scorecard-correction-invalid' }));
  });
});
