import { detectMarkers } from './marker-detector';
import { loadMarkerDictionary, MARKER_MODULES } from './marker-dictionary';
import { synthesizePhoto } from '@caddie/synthesis';
import { distance, placeCapture } from './testing/photo-fixtures';

jest.setTimeout(30_000);

describe('marker family', () => {
  it('renders each marker from its dictionary bits with a black border and a white quiet zone', async () => {
    const dictionary = await loadMarkerDictionary();
    const bits = dictionary.markerBits(42);
    expect(bits).toHaveLength(6);
    const image = dictionary.renderMarker(42, 3);
    expect(image.width).toBe((MARKER_MODULES + 2) * 3);
    const moduleValue = (row: number, col: number) => image.data[((row + 1) * 3 + 1) * image.width + (col + 1) * 3 + 1];
    expect(moduleValue(-1, -1)).toBe(255);
    for (let k = 0; k < MARKER_MODULES; k++) {
      expect(moduleValue(0, k)).toBe(0);
      expect(moduleValue(k, MARKER_MODULES - 1)).toBe(0);
    }
    for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) expect(moduleValue(r + 1, c + 1)).toBe(bits[r][c] ? 255 : 0);
    // Distinct ids have distinct codes.
    expect(dictionary.markerBits(43)).not.toEqual(bits);
  });
});

describe('detectMarkers', () => {
  const views = [
    { tiltDegrees: 0, rotationDegrees: 0, widthPx: 1500, blurSigma: 0 },
    { tiltDegrees: 30, rotationDegrees: 20, widthPx: 1700, blurSigma: 1 },
    { tiltDegrees: 45, rotationDegrees: -35, widthPx: 1500, blurSigma: 1 },
    { tiltDegrees: 30, rotationDegrees: 180, widthPx: 1100, blurSigma: 1 },
  ];
  const measured: string[] = [];
  afterAll(() => console.log(`corner error by view (px, full resolution 2400x1800):\n${measured.join('\n')}`));

  it.each(views)('finds every marker of a page at tilt $tiltDegrees deg, roll $rotationDegrees deg, blur $blurSigma', async (view) => {
    const placed = await placeCapture('M9H1/front-nine-page', { center: { x: 1200, y: 900 }, ...view });
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [placed.surface], blurSigma: view.blurSigma, noiseSigma: 5, seed: 7 });
    const detection = await detectMarkers(photo);

    expect(detection.detectionScale).toBeCloseTo(1600 / 2400, 5);
    expect(detection.decodedFiducials).toBe(4);
    expect(detection.detectedCandidates).toBeGreaterThanOrEqual(4);
    const expected = placed.capture.markers;
    expect(detection.markers.map((m) => m.id).sort()).toEqual(expected.map((m) => m.id).sort());
    let worst = 0;
    for (const marker of detection.markers) {
      const placement = expected.find((p) => p.id === marker.id)!;
      expect(marker.role).toBe(placement.role);
      expect(marker.captureId).toBe('M9H1/front-nine-page');
      const s = placement.sizeMm;
      const truth = [
        placed.mmToPhoto(placement.xMm, placement.yMm),
        placed.mmToPhoto(placement.xMm + s, placement.yMm),
        placed.mmToPhoto(placement.xMm + s, placement.yMm + s),
        placed.mmToPhoto(placement.xMm, placement.yMm + s),
      ];
      marker.corners.forEach((corner, i) => (worst = Math.max(worst, distance(corner, truth[i]))));
      const truthModule = truth.reduce((sum, p, i) => sum + distance(p, truth[(i + 1) % 4]), 0) / 4 / MARKER_MODULES;
      expect(marker.pixelsPerModule).toBeGreaterThan(truthModule * 0.97);
      expect(marker.pixelsPerModule).toBeLessThan(truthModule * 1.03);
      expect(marker.bitErrors).toBe(0);
      expect(marker.contrast).toBeGreaterThan(0.6);
      expect(marker.contrast).toBeLessThanOrEqual(1);
    }
    measured.push(`tilt ${view.tiltDegrees} roll ${view.rotationDegrees} blur ${view.blurSigma}: max corner error ${worst.toFixed(2)}`);
    expect(worst).toBeLessThan(1.5);
  });

  it('finds nothing decodable in noise and reports it by counts, not by guessing', async () => {
    const data = new Uint8Array(800 * 600);
    let seed = 3;
    for (let i = 0; i < data.length; i++) data[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const detection = await detectMarkers({ data, width: 800, height: 600, channels: 1 });
    expect(detection.decodedFiducials).toBe(0);
    expect(detection.markers).toEqual([]);
    expect(detection.detectionScale).toBe(1);
  });

  it('accepts RGBA and RGB buffers', async () => {
    const placed = await placeCapture('M18F/front-nine-page', { center: { x: 500, y: 650 }, widthPx: 800 }, { pixelsPerMm: 6 });
    const grey = await synthesizePhoto({ width: 1000, height: 1300, surfaces: [placed.surface] });
    const rgb = new Uint8Array(grey.data.length * 3);
    grey.data.forEach((v, i) => rgb.fill(v, i * 3, i * 3 + 3));
    const detection = await detectMarkers({ data: rgb, width: 1000, height: 1300, channels: 3 });
    expect(detection.markers.map((m) => m.role).sort()).toEqual(['bottom-left', 'bottom-right', 'top-left', 'top-right']);
  });
});
