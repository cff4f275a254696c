import { createCanvas } from '@napi-rs/canvas';
import type { CaptureDefinition } from './design-catalog';
import { CaptureAmbiguousError, PerspectiveInvalidError, RegistrationMarkersIncompleteError } from './fiducial-errors';
import { applyHomography, fitHomography, type Homography } from './homography';
import { detectMarkers, quadCenter, type DetectedMarker, type MarkerDetection } from './marker-detector';
import { groupPages } from './page-grouping';
import { canonicalPoint, markerCanonicalCorners } from './page-registration';
import { perspectiveQuad, synthesizePhoto } from '@caddie/synthesis';
import { captureById, distance, placeCapture, type PlacedCapture } from './testing/photo-fixtures';

jest.setTimeout(30_000);

function surfaceCornersTruth(placed: PlacedCapture) {
  const { widthMm: w, heightMm: h } = placed.capture;
  return [placed.mmToPhoto(0, 0), placed.mmToPhoto(w, 0), placed.mmToPhoto(w, h), placed.mmToPhoto(0, h)];
}

/** Markers exactly where a canonical-to-photo transform puts them, without rendering pixels. */
function markersThrough(capture: CaptureDefinition, toPhoto: Homography, placements = capture.markers): DetectedMarker[] {
  return placements.map((placement) => {
    const corners = markerCanonicalCorners(capture, placement).map((p) => applyHomography(toPhoto, p)) as DetectedMarker['corners'];
    const side = corners.reduce((s, p, i) => s + distance(p, corners[(i + 1) % 4]), 0) / 4;
    return {
      id: placement.id,
      role: placement.role,
      kind: placement.kind,
      captureId: capture.captureId,
      corners,
      center: quadCenter(corners),
      bitErrors: 0,
      contrast: 0.8,
      pixelsPerModule: side / 8,
    };
  });
}

function viewTransform(capture: CaptureDefinition, tiltDegrees: number): Homography {
  const quad = perspectiveQuad({ center: { x: 1000, y: 800 }, widthPx: 1400, aspect: capture.widthMm / capture.heightMm, tiltDegrees });
  const corners = [
    canonicalPoint(capture, 0, 0),
    canonicalPoint(capture, capture.widthMm, 0),
    canonicalPoint(capture, capture.widthMm, capture.heightMm),
    canonicalPoint(capture, 0, capture.heightMm),
  ];
  return fitHomography(corners, quad)!;
}

function detectionOf(markers: DetectedMarker[]): MarkerDetection {
  return { markers, detectedCandidates: markers.length, decodedFiducials: markers.length, sourceWidth: 2000, sourceHeight: 1600, detectionScale: 1 };
}

describe('groupPages on synthetic photographs', () => {
  const measured: string[] = [];
  afterAll(() => console.log(`page corner error (px):\n${measured.join('\n')}`));

  it.each([0, 30, 45])('registers a single page at %i deg tilt with its corners within 2 px', async (tiltDegrees) => {
    const placed = await placeCapture('M9H1GG/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1500, tiltDegrees, rotationDegrees: 12 });
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [placed.surface], blurSigma: 1, noiseSigma: 4 });
    const grouping = groupPages(await detectMarkers(photo));
    expect(grouping.pages).toHaveLength(1);
    const [page] = grouping.pages;
    expect(page.capture.captureId).toBe('M9H1GG/front-nine-page');
    const truth = surfaceCornersTruth(placed);
    const found = [page.sourceCorners.topLeft, page.sourceCorners.topRight, page.sourceCorners.bottomRight, page.sourceCorners.bottomLeft];
    const worst = Math.max(...found.map((p, i) => distance(p, truth[i])));
    measured.push(
      `tilt ${tiltDegrees}: page corners max ${worst.toFixed(2)}, reprojection rms ${page.reprojectionRmsPixels.toFixed(2)} max ${page.reprojectionMaxPixels.toFixed(2)}`,
    );
    expect(worst).toBeLessThan(2);
    expect(page.reprojectionRmsPixels).toBeLessThan(1);
    expect(page.matched.map((m) => m.placement.role).sort()).toEqual(['bottom-left', 'bottom-right', 'top-left', 'top-right']);
    expect(page.rotationDegrees).toBeCloseTo(12, 0);
    expect(grouping.issues).toEqual([]);
    expect(grouping.discovery).toMatchObject({ decodedFiducials: 4, retainedFiducials: 4, matchedFiducials: 4, unmatchedFiducials: 0 });
  });

  it('separates a front-nine and a back-nine booklet page in one photo', async () => {
    const front = await placeCapture('M9H1GG/front-nine-page', { center: { x: 620, y: 900 }, widthPx: 1050, rotationDegrees: 88, tiltDegrees: 20 });
    const back = await placeCapture('M9H10GG/back-nine-page', { center: { x: 1780, y: 900 }, widthPx: 1050, rotationDegrees: 92, tiltDegrees: 20 });
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [front.surface, back.surface], blurSigma: 0.8, noiseSigma: 4 });
    const grouping = groupPages(await detectMarkers(photo));
    expect(grouping.pages.map((p) => p.capture.captureId).sort()).toEqual(['M9H10GG/back-nine-page', 'M9H1GG/front-nine-page']);
    for (const page of grouping.pages) {
      const placed = page.capture.captureId === front.capture.captureId ? front : back;
      expect(distance(page.sourceCorners.topLeft, surfaceCornersTruth(placed)[0])).toBeLessThan(2);
    }
    expect(grouping.discovery.matchedFiducials).toBe(8);
  });

  it('separates two copies of the same design by geometry', async () => {
    const left = await placeCapture('M9H1/front-nine-page', { center: { x: 640, y: 900 }, widthPx: 1000, rotationDegrees: 80 });
    const right = await placeCapture('M9H1/front-nine-page', { center: { x: 1760, y: 900 }, widthPx: 1000, rotationDegrees: -95, tiltDegrees: 25 });
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [left.surface, right.surface], blurSigma: 0.8, noiseSigma: 4 });
    const grouping = groupPages(await detectMarkers(photo));
    expect(grouping.pages).toHaveLength(2);
    const truths = [surfaceCornersTruth(left), surfaceCornersTruth(right)];
    for (const page of grouping.pages) {
      // Each page's corners match one copy exactly: no marker was borrowed from the other copy.
      const best = Math.min(...truths.map((t) => distance(page.sourceCorners.topLeft, t[0]) + distance(page.sourceCorners.bottomRight, t[2])));
      expect(best).toBeLessThan(4);
    }
    expect(grouping.issues).toEqual([]);
  });

  it('returns the complete page and reports the incomplete one as an issue', async () => {
    const complete = await placeCapture('M18F/front-nine-page', { center: { x: 600, y: 900 }, widthPx: 900 });
    const covered = await placeCapture('M18B/back-nine-page', { center: { x: 1700, y: 900 }, widthPx: 900, rotationDegrees: 5 });
    // A thumb over the back page's top-right marker.
    const image = covered.surface.image;
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    const data = ctx.createImageData(image.width, image.height);
    data.data.set(image.data);
    ctx.putImageData(data, 0, 0);
    ctx.fillStyle = '#d8b8a0';
    ctx.fillRect(image.width - 30 * covered.pixelsPerMm, 0, 30 * covered.pixelsPerMm, 30 * covered.pixelsPerMm);
    const thumbed = { ...image, data: new Uint8Array(ctx.getImageData(0, 0, image.width, image.height).data) };
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [complete.surface, { ...covered.surface, image: thumbed }], noiseSigma: 4 });
    const grouping = groupPages(await detectMarkers(photo));
    expect(grouping.pages.map((p) => p.capture.captureId)).toEqual(['M18F/front-nine-page']);
    expect(grouping.issues).toHaveLength(1);
    expect(grouping.issues[0]).toMatchObject({ code: 'registration-markers-incomplete', captureId: 'M18B/back-nine-page' });
    expect(grouping.issues[0].message).toContain('top-right');
    expect(grouping.discovery).toMatchObject({ retainedFiducials: 7, matchedFiducials: 4, unmatchedFiducials: 3 });
  });

  it('registers both pages of a horizontal spread through the fold-safe markers', async () => {
    const placed = await placeCapture('M18F/horizontal-spread', { center: { x: 1200, y: 900 }, widthPx: 2000, tiltDegrees: 25 }, { pixelsPerMm: 4 });
    const photo = await synthesizePhoto({ width: 2400, height: 1800, surfaces: [placed.surface], blurSigma: 0.8, noiseSigma: 4 });
    const grouping = groupPages(await detectMarkers(photo));
    expect(grouping.pages).toHaveLength(1);
    const [spread] = grouping.pages;
    expect(spread.matched).toHaveLength(6);
    expect(spread.pages.map((p) => p.page.pageId)).toEqual(['left', 'right']);
    expect(distance(spread.pages[1].sourceCorners.topLeft, placed.mmToPhoto(148, 0))).toBeLessThan(2);
    expect(distance(spread.pages[1].sourceCorners.bottomRight, placed.mmToPhoto(296, 210))).toBeLessThan(2);
  });

  it('fails with registration-markers-incomplete on a photo without a scorecard', async () => {
    const photo = await synthesizePhoto({ width: 1600, height: 1200, surfaces: [], noiseSigma: 25, seed: 3 });
    const detection = await detectMarkers(photo);
    expect(() => groupPages(detection)).toThrow(RegistrationMarkersIncompleteError);
    expect(() => groupPages(detection)).toThrow(expect.objectContaining({ code: 'registration-markers-incomplete', status: 422 }));
  });
});

describe('groupPages geometry rules', () => {
  const capture = captureById('M9H1/front-nine-page');

  it('reports three markers of a page as incomplete, never a guessed crop', () => {
    const markers = markersThrough(capture, viewTransform(capture, 10)).filter((m) => m.role !== 'bottom-right');
    expect(() => groupPages(detectionOf(markers))).toThrow(RegistrationMarkersIncompleteError);
  });

  it('rejects a page seen too steeply as scorecard-perspective-invalid', () => {
    const markers = markersThrough(capture, viewTransform(capture, 72));
    expect(() => groupPages(detectionOf(markers))).toThrow(PerspectiveInvalidError);
    // The same page at 45 degrees is fine.
    expect(groupPages(detectionOf(markersThrough(capture, viewTransform(capture, 45)))).pages).toHaveLength(1);
  });

  it('rejects a mirrored page (markers seen through the paper)', () => {
    const h = viewTransform(capture, 0);
    const mirror: Homography = [-1, 0, 2000, 0, 1, 0, 0, 0, 1];
    const flipped = markersThrough(capture, h).map((m) => {
      const corners = m.corners.map((p) => applyHomography(mirror, p)) as DetectedMarker['corners'];
      return { ...m, corners, center: quadCenter(corners) };
    });
    expect(() => groupPages(detectionOf(flipped))).toThrow(expect.objectContaining({ code: 'scorecard-perspective-invalid' }));
  });

  it('calls markers that fit two surfaces ambiguous', () => {
    const h = viewTransform(capture, 0);
    const markers = markersThrough(capture, h);
    const topLeft = capture.markers.find((m) => m.role === 'top-left')!;
    // A second top-left marker printed 0.5 mm away: both fit a flat page equally well.
    const stray = markersThrough(capture, h, [{ ...topLeft, xMm: topLeft.xMm - 0.5, yMm: topLeft.yMm - 0.5 }]);
    expect(() => groupPages(detectionOf([...markers, ...stray]))).toThrow(CaptureAmbiguousError);
  });

  it('ignores ids no design prints and unreliable re-reads, reporting both', () => {
    const markers = markersThrough(capture, viewTransform(capture, 0));
    const foreign = { ...markers[0], id: 249, role: undefined, kind: undefined, captureId: undefined };
    const smudged = { ...markers[1], bitErrors: 12 };
    const grouping = groupPages(detectionOf([...markers, foreign]));
    expect(grouping.pages).toHaveLength(1);
    expect(grouping.issues.map((i) => i.code)).toEqual(['unassigned-marker']);
    expect(() => groupPages(detectionOf([...markers.filter((m) => m !== markers[1]), smudged]))).toThrow(RegistrationMarkersIncompleteError);
  });

  it('keeps at most four pages and reports the rest', () => {
    const many = [0, 1, 2, 3, 4].flatMap((i) => {
      const base = viewTransform(capture, 0);
      const shift: Homography = [0.3 + 0.02 * i, 0, i * 700, 0, 0.3 + 0.02 * i, 0, 0, 0, 1];
      const combined = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => [0, 1, 2].reduce((s, k) => s + shift[r * 3 + k] * base[k * 3 + c], 0))) as Homography;
      return markersThrough(capture, combined);
    });
    const grouping = groupPages(detectionOf(many));
    expect(grouping.pages).toHaveLength(4);
    expect(grouping.issues.map((i) => i.code)).toEqual(['page-limit-exceeded']);
  });
});
