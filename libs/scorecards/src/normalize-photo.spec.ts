import sharp from 'sharp';
import { findCapture, formatIdentityLabel } from '@caddie/fiducials';
import { normalizePhoto } from './normalize-photo';
import { photograph, placeCard } from './testing/photo-scenes';

jest.setTimeout(60_000);

type Body = Record<string, any>;
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('normalizePhoto version 4', () => {
  it('normalizes one tilted page with corners within 2 px of the truth and both artifacts', async () => {
    const card = await placeCard(
      'M9H1/front-nine-page',
      { center: { x: 1200, y: 900 }, widthPx: 1500, tiltDegrees: 25, rotationDegrees: 10 },
      { courseCode: 'K7M2Q' },
    );
    const photo = await photograph([card]);
    const { body, artifacts } = await normalizePhoto(photo, 4);
    const b = body as Body;
    expect(b.status).toBe('COMPLETE');
    expect(b.issues).toEqual([]);
    expect(b.discovery).toMatchObject({ decodedFiducials: 4, retainedFiducials: 4, matchedFiducials: 4, unmatchedFiducials: 0 });
    expect(b.pages).toHaveLength(1);
    const [page] = b.pages;
    expect(page).toMatchObject({
      pageInstanceId: 'page-1',
      status: 'NORMALIZED',
      template: { designId: 'SM9H1', panel: 'F9', captureId: 'M9H1/front-nine-page', topology: 'single-page', source: 'printed-identity' },
      printedMetadata: {
        text: formatIdentityLabel({ designCode: 'M9H1', courseCode: 'K7M2Q' }),
        courseToken: 'K7M2Q',
        designChunk: 'SM9H1',
        correctionCount: 0,
      },
    });
    expect(page.template.definitionHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(page.template.revisionManifestHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const c = page.normalization.sourceCorners;
    const found = [c.topLeft, c.topRight, c.bottomRight, c.bottomLeft];
    const worst = Math.max(...found.map((p: { x: number; y: number }, i: number) => distance(p, card.truthCorners[i])));
    console.log(`v4 single page: worst source corner error ${worst.toFixed(2)} px`);
    expect(worst).toBeLessThan(2);
    expect(page.normalization).toMatchObject({ sourceWidth: 2400, sourceHeight: 1800, outputWidth: 1680, outputHeight: 1184 });
    expect(page.normalization.rotationDegrees).toBeCloseTo(10, 0);
    expect(page.normalization.sourceToCanonical).toHaveLength(9);
    expect(page.quality).toMatchObject({ matchedFiducials: 4, decodedFiducials: 4, band: expect.stringMatching(/^(high|medium|low)$/) });
    expect(page.quality.confidence).toBeGreaterThan(0.5);
    expect(page.quality.markerEvidence.map((m: Body) => m.name).sort()).toEqual(['bottom-left', 'bottom-right', 'top-left', 'top-right']);
    expect(page.quality.markerEvidence.find((m: Body) => m.name === 'bottom-left').kind).toBe('index');
    expect(page.regions).toMatchObject({
      captureId: 'M9H1/front-nine-page',
      topology: 'single-page',
      pages: [{ pageId: 'page', frame: { x1: 0, y1: 0, x2: 1, y2: 1 } }],
    });
    expect(page.regions.semanticRegions.filter((r: Body) => r.kind === 'cell')).toHaveLength(72);

    // The canonical PNG puts the top-left marker's black border where the design prints it.
    const [pair] = artifacts;
    const png = await sharp(pair.normalizedImage.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([png.info.width, png.info.height, pair.normalizedImage.contentType]).toEqual([1680, 1184, 'image/png']);
    const marker = findCapture('M9H1/front-nine-page')!.markers[0];
    const at = (xMm: number, yMm: number) => png.data[(Math.round(yMm * 8) * 1680 + Math.round(xMm * 8)) * png.info.channels];
    expect(at(marker.xMm + 0.9, marker.yMm + 0.9)).toBeLessThan(90);
    expect(at(marker.xMm - 1.5, marker.yMm - 1.5)).toBeGreaterThan(150);
    const jpeg = await sharp(pair.debugImage.bytes).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 1600, 1200]);
  });
});
