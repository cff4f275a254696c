import { sha256Digest } from './canonical-json';
import { CAPTURE_TOPOLOGIES, type Box } from './capture-geometry';
import { DESIGN_CATALOG, REVISION_MANIFEST_HASH, assignMarker, findCapture, findDesign, isProductionRoutable, processorFor } from './design-catalog';

const inside = (b: Box) => b.x1 >= 0 && b.y1 >= 0 && b.x2 <= 1 && b.y2 <= 1 && b.x1 < b.x2 && b.y1 < b.y2;
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 - 1e-9 && b.x1 < a.x2 - 1e-9 && a.y1 < b.y2 - 1e-9 && b.y1 < a.y2 - 1e-9;

describe('design catalog scorecard-design-catalog@3', () => {
  it('holds exactly the six catalog identities', () => {
    expect(DESIGN_CATALOG.map((d) => d.designId).sort()).toEqual(['SM18B', 'SM18F', 'SM9H1', 'SM9H10', 'SM9H10GG', 'SM9H1GG']);
  });

  it('routes only the rollout designs to their processors', () => {
    expect(
      DESIGN_CATALOG.filter((d) => isProductionRoutable(d.designCode))
        .map((d) => d.designId)
        .sort(),
    ).toEqual(['SM18B', 'SM18F', 'SM9H1', 'SM9H10GG', 'SM9H1GG']);
    expect(processorFor('M9H1')).toBe('M9H1/front-nine-page');
    expect(processorFor('SM9H1GG')).toBe('M9H1GG/front-nine-page');
    expect(processorFor('M9H10GG')).toBe('M9H10GG/back-nine-page');
    expect(processorFor('M18F')).toBe('M18F/front-nine-page');
    expect(processorFor('M18B')).toBe('M18B/back-nine-page');
    expect(processorFor('M9H10')).toBeUndefined();
    expect(isProductionRoutable('M9H10')).toBe(false);
    expect(isProductionRoutable('M9H2')).toBe(false);
    expect(findDesign('M9H10')?.panel).toBe('B9');
    expect(findDesign('M18F')?.panel).toBe('F9');
  });

  it('gives every design and topology its own marker ids, with roles, inside the dictionary', () => {
    const seen = new Set<number>();
    for (const design of DESIGN_CATALOG) {
      for (const topology of CAPTURE_TOPOLOGIES) {
        const capture = design.captures[topology];
        expect(capture.markers).toHaveLength(topology === 'single-page' ? 4 : 6);
        expect(capture.markers.filter((m) => m.kind === 'index').map((m) => m.role)).toEqual(['bottom-left']);
        for (const marker of capture.markers) {
          expect(seen.has(marker.id)).toBe(false);
          seen.add(marker.id);
          expect(assignMarker(marker.id)).toMatchObject({ capture: { captureId: capture.captureId }, placement: { role: marker.role } });
        }
        expect(findCapture(capture.captureId)).toBe(capture);
      }
    }
    expect(assignMarker(249)).toBeUndefined();
  });

  it('lays out markers, label and cells inside the page without overlap', () => {
    for (const design of DESIGN_CATALOG) {
      for (const topology of CAPTURE_TOPOLOGIES) {
        const c = design.captures[topology];
        const markerBoxes = c.markers.map((m) => ({
          x1: m.xMm / c.widthMm,
          y1: m.yMm / c.heightMm,
          x2: (m.xMm + m.sizeMm) / c.widthMm,
          y2: (m.yMm + m.sizeMm) / c.heightMm,
        }));
        markerBoxes.forEach((b) => expect(inside(b)).toBe(true));
        const regions = c.regions;
        expect(regions.coordinateSpace).toEqual({ origin: 'top-left', unit: 'normalized-0-to-1', canonicalPixels: c.canonicalPixels });
        expect(regions.holes.map((h) => h.holeNumber)).toEqual(design.holeNumbers);
        const cells = regions.holes.flatMap((h) => Object.values(h.cells));
        expect(cells).toHaveLength(72);
        const all = [...cells, regions.totals, regions.markerText, ...Object.values(regions.supplemental).map((s) => s.area)];
        for (const b of all) {
          expect(inside(b)).toBe(true);
          for (const m of markerBoxes) expect(overlaps(b, m)).toBe(false);
        }
        // The S label sits right beside the lower-left index marker.
        const index = c.markers.find((m) => m.kind === 'index')!;
        expect(regions.markerText.x1 * c.widthMm).toBeCloseTo(index.xMm + index.sizeMm + 3, 3);
        // The score table lies on the design's own page of a spread.
        const designPage = c.pages.find((p) => p.carriesDesign)!;
        expect(regions.holes[0].row.x1).toBeGreaterThanOrEqual(designPage.frame.x1);
        expect(regions.holes[8].row.y2).toBeLessThanOrEqual(designPage.frame.y2);
      }
    }
  });

  it('adds Round Details to the M18 front page and Round Summary and Penalty to the back page', () => {
    expect(Object.keys(findDesign('M18F')!.captures['single-page'].regions.supplemental)).toEqual(['roundDetails']);
    expect(Object.keys(findDesign('M18B')!.captures['single-page'].regions.supplemental)).toEqual(['roundSummary', 'penalty']);
    expect(findDesign('M9H1')!.captures['single-page'].regions.supplemental).toEqual({});
  });

  it('registers spreads page by page through fold-safe markers shared by both pages', () => {
    const horizontal = findCapture('M18F/horizontal-spread')!;
    expect(horizontal.widthMm).toBe(2 * 148);
    expect(horizontal.pages.map((p) => [p.pageId, p.markerRoles])).toEqual([
      ['left', ['top-left', 'fold-top', 'fold-bottom', 'bottom-left']],
      ['right', ['fold-top', 'top-right', 'bottom-right', 'fold-bottom']],
    ]);
    const fold = horizontal.markers.find((m) => m.role === 'fold-top')!;
    expect(fold.xMm + fold.sizeMm / 2).toBe(148);
    const vertical = findCapture('M9H10GG/vertical-spread')!;
    expect(vertical.heightMm).toBe(2 * 140);
    // Back-nine designs print their table on the second page of a spread.
    expect(vertical.pages.find((p) => p.carriesDesign)!.pageId).toBe('bottom');
  });

  it('pins every definition by the hash of its canonical JSON', () => {
    for (const design of DESIGN_CATALOG) {
      for (const topology of CAPTURE_TOPOLOGIES) {
        const { definitionHash, ...body } = design.captures[topology];
        expect(definitionHash).toBe(sha256Digest(body));
        expect(sha256Digest({ ...body, labelRectMm: { ...body.labelRectMm, x: body.labelRectMm.x + 0.1 } })).not.toBe(definitionHash);
      }
      expect(design.definitionHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    }
    expect(new Set(DESIGN_CATALOG.map((d) => d.definitionHash)).size).toBe(6);
    expect(REVISION_MANIFEST_HASH).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
