import { warpToCanonical } from './canonical-warp';
import { computeCheck } from './identity-checksum';
import { detectMarkers } from './marker-detector';
import { groupPages } from './page-grouping';
import { readPageIdentity } from './page-identity';
import { formatIdentityLabel } from './printed-identity';
import { synthesizePhoto } from '@caddie/synthesis';
import { placeCapture } from './testing/photo-fixtures';

jest.setTimeout(30_000);

async function photographed(captureId: string, labelText: string, view = { tiltDegrees: 30, rotationDegrees: -8, widthPx: 1500 }) {
  const placed = await placeCapture(captureId, { center: { x: 1200, y: 900 }, ...view }, { labelText });
  const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [placed.surface], blurSigma: 1, noiseSigma: 4 });
  const [page] = groupPages(await detectMarkers(photo)).pages;
  return { photo, page };
}

describe('readPageIdentity', () => {
  it('reads a reordered label with one misprinted character from a tilted photo and corrects it', async () => {
    const printed = formatIdentityLabel({ designCode: 'M9H10GG', courseCode: 'K7M2Q' });
    const [s, c, e] = printed.split('-');
    const damaged = [e, c.replace('K7M2Q', 'K7W2Q'), s].join('-');
    const { photo, page } = await photographed('M9H10GG/back-nine-page', damaged);
    const { identity, reading } = await readPageIdentity(photo, page);
    expect(reading.text).toBe(damaged);
    expect(reading.confidence).toBeGreaterThan(0.6);
    expect(identity).toMatchObject({ text: printed, designCode: 'M9H10GG', courseToken: 'K7M2Q', correctionCount: 1 });
  });

  it("reads a label that blur fused into runs against the layout its markers' design prints", async () => {
    const printed = formatIdentityLabel({ designCode: 'M18F', courseCode: '8D496' });
    const placed = await placeCapture(
      'M18F/front-nine-page',
      { center: { x: 800, y: 600 }, tiltDegrees: 20, rotationDegrees: -8, widthPx: 650 },
      { labelText: printed },
    );
    const photo = await synthesizePhoto({ width: 1600, height: 1800 * (1600 / 2400), surfaces: [placed.surface], blurSigma: 2, noiseSigma: 4 });
    const [page] = groupPages(await detectMarkers(photo)).pages;
    const { identity, reading } = await readPageIdentity(photo, page);
    // The free reading finds too few characters in the fused runs; the design's layout has 18.
    expect(reading.characters).toHaveLength(printed.length);
    expect(identity).toMatchObject({ text: printed, designCode: 'M18F', courseToken: '8D496' });
    expect(identity.correctionCount).toBeGreaterThan(0);
    expect(identity.correctionCount).toBeLessThanOrEqual(3);
  });

  it('normalizes the page into canonical space with the markers where the design puts them', async () => {
    const { photo, page } = await photographed('M18B/back-nine-page', formatIdentityLabel({ designCode: 'M18B' }), {
      tiltDegrees: 30,
      rotationDegrees: -8,
      widthPx: 1000,
    });
    const { width, height } = page.capture.canonicalPixels;
    const image = await warpToCanonical(photo, page.sourceToCanonical, { canonicalWidth: width, canonicalHeight: height });
    expect([image.width, image.height]).toEqual([width, height]);
    const at = (xMm: number, yMm: number) => image.data[Math.round(yMm * 8) * width + Math.round(xMm * 8)];
    for (const marker of page.capture.markers) {
      // The outer border module is black; the quiet zone just outside it is paper.
      expect(at(marker.xMm + 0.9, marker.yMm + 0.9)).toBeLessThan(90);
      expect(at(marker.xMm - 1.5, marker.yMm - 1.5)).toBeGreaterThan(150);
    }
  });

  it('refuses a label that names another design than the markers', async () => {
    const { photo, page } = await photographed('M9H1GG/front-nine-page', formatIdentityLabel({ designCode: 'M9H1' }));
    await expect(readPageIdentity(photo, page)).rejects.toMatchObject({ code: 'scorecard-design-contradictory' });
  });

  it('separates unknown, disabled and unreadable identities', async () => {
    const disabled = await photographed('M9H10/back-nine-page', formatIdentityLabel({ designCode: 'M9H10' }));
    await expect(readPageIdentity(disabled.photo, disabled.page)).rejects.toMatchObject({ code: 'scorecard-design-disabled' });
    const unknown = await photographed('M9H1/front-nine-page', `SM9H2-E${computeCheck('M9H2')}`);
    await expect(readPageIdentity(unknown.photo, unknown.page)).rejects.toMatchObject({ code: 'scorecard-design-unknown' });
    const smeared = await photographed('M9H1/front-nine-page', 'SM9H1-E0000');
    await expect(readPageIdentity(smeared.photo, smeared.page)).rejects.toMatchObject({ code: 'scorecard-design-unreadable' });
  });
});
