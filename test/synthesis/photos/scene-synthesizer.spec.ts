import { createHash } from 'node:crypto';
import { generateDemoCourses, type Course } from '@caddie/catalog';
import { applyHomography, detectMarkers, findCapture, groupPages, invertHomography, toGrey } from '@caddie/fiducials';
import { mnistRangeSize } from '@caddie/handwriting-training';
import { handwritingGlyph, HANDWRITING_ITEMS_PER_DIGIT } from './handwriting';
import { synthesizeScene } from './scene-synthesizer';

jest.setTimeout(60_000);

let course: Course;
beforeAll(() => {
  [course] = generateDemoCourses();
});

const digest = (data: Uint8Array | Uint8ClampedArray) => createHash('sha256').update(data).digest('hex');

describe('synthesizeScene', () => {
  it('is deterministic by seed', async () => {
    const options = { course, width: 640, height: 480, handwriting: true, occlusion: 'page' as const };
    const a = await synthesizeScene(21, options);
    const b = await synthesizeScene(21, options);
    const c = await synthesizeScene(22, options);
    expect(digest(a.image.data)).toBe(digest(b.image.data));
    expect(a.truth).toEqual(b.truth);
    expect(digest(c.image.data)).not.toBe(digest(a.image.data));
    expect(a.image.data).toHaveLength(640 * 480 * 4);
    expect(a.jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it.each(['M9H1/front-nine-page', 'M18B/horizontal-spread'])(
    'reports truth corners a clean photo of %s normalizes to within 1.5 canonical px',
    async (captureId) => {
      const scene = await synthesizeScene(5, { course, clean: true, width: 2400, height: 1800, pageCount: 1, captureIds: [captureId], maxTiltDegrees: 30 });
      const [truth] = scene.truth.pages;
      expect(truth.captureId).toBe(captureId);
      expect(truth.complete).toBe(true);
      const grouping = groupPages(await detectMarkers(scene.image));
      expect(grouping.pages).toHaveLength(1);
      const page = grouping.pages[0];
      expect(page.capture.captureId).toBe(captureId);
      const photoToCanonical = invertHomography(truth.canonicalToPhoto);
      const { width, height } = findCapture(captureId)!.canonicalPixels;
      const expected = [
        { x: -0.5, y: -0.5 },
        { x: width - 0.5, y: -0.5 },
        { x: width - 0.5, y: height - 0.5 },
        { x: -0.5, y: height - 0.5 },
      ];
      const found = [page.sourceCorners.topLeft, page.sourceCorners.topRight, page.sourceCorners.bottomRight, page.sourceCorners.bottomLeft];
      found.forEach((corner, i) => {
        const c = applyHomography(photoToCanonical, corner);
        expect(Math.hypot(c.x - expected[i].x, c.y - expected[i].y)).toBeLessThan(1.5);
        // The truth corners are the canonical corners seen through the truth transform.
        const t = applyHomography(truth.canonicalToPhoto, expected[i]);
        expect(Math.hypot(t.x - truth.corners[i].x, t.y - truth.corners[i].y)).toBeLessThan(1e-6);
      });
    },
  );

  it('marks a page with a covered marker incomplete, and the pipeline then finds no complete page', async () => {
    const scene = await synthesizeScene(8, {
      course,
      width: 1200,
      height: 900,
      pageCount: 1,
      occlusion: 'marker',
      captureIds: ['M9H1GG/front-nine-page'],
      blurSigma: 0,
      noiseSigma: 2,
      jpegQuality: null,
    });
    const [truth] = scene.truth.pages;
    expect(truth.complete).toBe(false);
    expect(truth.hiddenMarkerIds.length).toBeGreaterThan(0);
    const capture = findCapture(truth.captureId)!;
    expect(capture.markers.map((m) => m.id)).toEqual(expect.arrayContaining(truth.hiddenMarkerIds));
    const detection = await detectMarkers(scene.image);
    for (const id of truth.hiddenMarkerIds) expect(detection.markers.map((m) => m.id)).not.toContain(id);
    expect(() => groupPages(detection)).toThrow(expect.objectContaining({ code: 'registration-markers-incomplete' }));

    const open = await synthesizeScene(8, { course, width: 1200, height: 900, pageCount: 1, occlusion: 'none', captureIds: ['M9H1GG/front-nine-page'] });
    expect(open.truth.pages[0].complete).toBe(true);
  });

  it('writes the filled card from MNIST training items below 600, ink only in written cells', async () => {
    const scene = await synthesizeScene(3, {
      course,
      clean: true,
      handwriting: true,
      width: 1600,
      height: 1200,
      pageCount: 1,
      captureIds: ['M9H1/front-nine-page'],
    });
    const [truth] = scene.truth.pages;
    expect(truth.handwritingItems).toBe('training');
    expect(truth.handwriting.filter((f) => f.field === 'score').length).toBeGreaterThan(5);
    for (const item of truth.handwriting) {
      expect(item.content).toBe('digits');
      expect(item.digits.join('')).toBe(String(item.value));
      expect(item.items).toHaveLength(item.digits.length);
      for (const index of item.items) {
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(HANDWRITING_ITEMS_PER_DIGIT);
      }
    }
    // Written cells carry ink, cells left blank do not.
    const grey = toGrey(scene.image);
    const capture = findCapture('M9H1/front-nine-page')!;
    const { width, height } = capture.canonicalPixels;
    const darkest = (box: { x1: number; y1: number; x2: number; y2: number }) => {
      let min = 255;
      for (let u = 0.2; u <= 0.8; u += 0.04) {
        for (let v = 0.2; v <= 0.8; v += 0.04) {
          const p = applyHomography(truth.canonicalToPhoto, { x: (box.x1 + (box.x2 - box.x1) * u) * width, y: (box.y1 + (box.y2 - box.y1) * v) * height });
          min = Math.min(min, grey.data[Math.round(p.y) * grey.width + Math.round(p.x)]);
        }
      }
      return min;
    };
    for (const hole of capture.regions.holes) {
      for (const cell of ['score', 'putts'] as const) {
        const written = truth.handwriting.some((h) => h.row === `hole-${hole.holeNumber}` && h.field === cell);
        if (written) expect(darkest(hole.cells[cell])).toBeLessThan(150);
        else expect(darkest(hole.cells[cell])).toBeGreaterThan(200);
      }
    }
    expect(darkest(capture.regions.holes[0].cells.approachDistance)).toBeGreaterThan(200);
  });

  it('draws evaluation cards from the calibration items only when asked', async () => {
    const options = { course, clean: true, handwriting: true, width: 800, height: 600, pageCount: 1 as const, captureIds: ['M18B/back-nine-page'] };
    const training = await synthesizeScene(4, options);
    const calibration = await synthesizeScene(4, { ...options, handwritingItems: 'calibration' });
    expect(calibration.truth.pages[0].handwritingItems).toBe('calibration');
    // The same card values, other glyphs.
    const fields = (scene: typeof training) => scene.truth.pages[0].handwriting.map(({ row, field, value }) => ({ row, field, value }));
    expect(fields(calibration)).toEqual(fields(training));
    expect(digest(calibration.image.data)).not.toBe(digest(training.image.data));
    for (const item of calibration.truth.pages[0].handwriting.flatMap((f) => f.items)) expect(item).toBeLessThan(mnistRangeSize('calibration'));
  });

  it('writes with thin, broken or light pens and folds cards when asked, the same card values and nothing else changed', async () => {
    const options = { course, clean: true, handwriting: true, width: 1600, height: 1200, pageCount: 1 as const, captureIds: ['M9H1/front-nine-page'] };
    const ink = await synthesizeScene(3, options);
    const grey = (scene: typeof ink) => toGrey(scene.image).data;
    // Summed darkness under the paper over the photo: how much ink the pen left.
    const inkOf = (scene: typeof ink) => grey(scene).reduce((sum, v) => sum + Math.max(0, 230 - v), 0);
    const values = (scene: typeof ink) => scene.truth.pages[0].handwriting.map(({ row, field, value }) => ({ row, field, value }));
    for (const pen of ['fine', 'dry', 'light-pencil'] as const) {
      const scene = await synthesizeScene(3, { ...options, pen });
      expect(scene.truth.pages[0].pen).toBe(pen);
      expect(values(scene)).toEqual(values(ink));
      // The printed card is the same: the difference is the writing, which is lighter.
      expect(inkOf(scene)).toBeLessThan(inkOf(ink));
    }
    const folded = await synthesizeScene(3, { ...options, folded: true });
    const { folds } = folded.truth.pages[0];
    expect(folds.length).toBeGreaterThanOrEqual(1);
    expect(values(folded)).toEqual(values(ink));
    // Where the crease crosses the card, the photo is darker than the unfolded card's.
    const capture = findCapture('M9H1/front-nine-page')!;
    const [fold] = folds;
    const mmToPhoto = (p: { x: number; y: number }) =>
      applyHomography(folded.truth.pages[0].canonicalToPhoto, { x: p.x * capture.pixelsPerMm - 0.5, y: p.y * capture.pixelsPerMm - 0.5 });
    const middle = mmToPhoto({ x: (fold.from.x + fold.to.x) / 2, y: (fold.from.y + fold.to.y) / 2 });
    const at = (scene: typeof ink) => grey(scene)[Math.round(middle.y) * 1600 + Math.round(middle.x)];
    expect(at(folded)).toBeLessThan(at(ink) - 10);
  });

  it('refuses MNIST items outside the training range', () => {
    expect(() => handwritingGlyph(4, HANDWRITING_ITEMS_PER_DIGIT)).toThrow(expect.objectContaining({ code: 'handwriting-item-out-of-range' }));
    expect(() => handwritingGlyph(4, 750)).toThrow(expect.objectContaining({ code: 'handwriting-item-out-of-range' }));
    expect(() => handwritingGlyph(4, -1)).toThrow(expect.objectContaining({ code: 'handwriting-item-out-of-range' }));
    expect(handwritingGlyph(4, 599)).toHaveLength(28 * 28);
  });
});
