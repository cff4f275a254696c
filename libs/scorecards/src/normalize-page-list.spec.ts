import { normalizePhoto } from './normalize-photo';
import { looseLabelOnPage, photograph, placeCard } from './testing/photo-scenes';

jest.setTimeout(90_000);

type Body = Record<string, any>;

describe('normalizePhoto version 4 page list', () => {
  it('lists a complete page that cannot be accepted as a REJECTED page entry with its issue', async () => {
    const good = await placeCard('M9H1GG/front-nine-page', { center: { x: 640, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const preview = await placeCard('M9H10/back-nine-page', { center: { x: 1760, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const { body, artifacts } = await normalizePhoto(await photograph([good, preview]), 4);
    const b = body as Body;
    expect(b.status).toBe('PARTIAL');
    expect(b.pages.map((p: Body) => [p.pageInstanceId, p.status])).toEqual([
      ['page-1', 'NORMALIZED'],
      ['page-2', 'REJECTED'],
    ]);
    const rejected = b.pages[1];
    expect(rejected).toEqual({
      pageInstanceId: 'page-2',
      status: 'REJECTED',
      captureId: 'M9H10/back-nine-page',
      topology: 'single-page',
      sourceCorners: expect.objectContaining({ topLeft: expect.objectContaining({ x: expect.any(Number) }) }),
      issues: [expect.objectContaining({ code: 'scorecard-design-disabled', captureId: 'M9H10/back-nine-page', markerIds: expect.any(Array) })],
      warnings: [],
    });
    // The rejected page lies on the right half of the photo.
    expect(rejected.sourceCorners.topLeft.x).toBeGreaterThan(1200);
    // Still listed top-level, now naming its page entry; the artifacts are the normalized page's only.
    expect(b.issues).toEqual([expect.objectContaining({ code: 'scorecard-design-disabled', pageInstanceId: 'page-2' })]);
    expect(artifacts).toHaveLength(1);
  });

  it('orders pages as they are read in the photo (rows top to bottom, left to right), not by size', async () => {
    const placements = [
      { captureId: 'M9H1/front-nine-page', center: { x: 620, y: 470 }, widthPx: 780 },
      { captureId: 'M9H1GG/front-nine-page', center: { x: 1760, y: 430 }, widthPx: 980 },
      { captureId: 'M9H10GG/back-nine-page', center: { x: 640, y: 1340 }, widthPx: 960 },
      { captureId: 'M18B/back-nine-page', center: { x: 1780, y: 1350 }, widthPx: 560 },
    ];
    const cards = await Promise.all(
      placements.map((p) => placeCard(p.captureId, { center: p.center, widthPx: p.widthPx, rotationDegrees: 2, tiltDegrees: 8 })),
    );
    // Composited bottom-right first: the order given to the photo says nothing either.
    const { body } = await normalizePhoto(await photograph([...cards].reverse()), 4);
    const b = body as Body;
    expect(b.issues).toEqual([]);
    expect(b.pages.map((p: Body) => [p.pageInstanceId, p.template.captureId])).toEqual(placements.map((p, i) => [`page-${i + 1}`, p.captureId]));
  });
});

describe('scorecard-identity-contradictory: marker evidence of another card inside a page', () => {
  const bigCard = () => placeCard('M9H1/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1900, rotationDegrees: 0 }, { courseCode: 'K7M2Q' });

  it("refuses a page with a loose identity label (another card's index marker and label) lying on it with 422", async () => {
    const [page, stray] = await looseLabelOnPage();
    await expect(normalizePhoto(await photograph([page, stray]), 4)).rejects.toMatchObject({ code: 'scorecard-identity-contradictory', status: 422 });
  });

  it('keeps a whole second card lying on a page and rejects the page it covers (v4)', async () => {
    const page = await bigCard();
    const onTop = await placeCard('M9H10GG/back-nine-page', { center: { x: 1250, y: 900 }, widthPx: 700, rotationDegrees: 5 });
    const { body } = await normalizePhoto(await photograph([page, onTop]), 4);
    const b = body as Body;
    expect(b.pages.map((p: Body) => [p.status, p.template?.captureId ?? p.captureId])).toEqual(
      expect.arrayContaining([
        ['NORMALIZED', 'M9H10GG/back-nine-page'],
        ['REJECTED', 'M9H1/front-nine-page'],
      ]),
    );
    expect(b.issues).toEqual([expect.objectContaining({ code: 'scorecard-identity-contradictory', captureId: 'M9H1/front-nine-page' })]);
  });

  it('leaves a second card beside the page alone', async () => {
    const a = await placeCard('M9H1/front-nine-page', { center: { x: 640, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const b = await placeCard('M9H1GG/front-nine-page', { center: { x: 1760, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const { body } = await normalizePhoto(await photograph([a, b]), 4);
    expect((body as Body).status).toBe('COMPLETE');
  });
});
