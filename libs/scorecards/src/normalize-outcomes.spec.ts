import { createHash } from 'node:crypto';
import { findCapture } from '@caddie/fiducials';
import { normalizePhoto } from './normalize-photo';
import { coverOnSurface, photograph, placeCard } from './testing/photo-scenes';

jest.setTimeout(60_000);

type Body = Record<string, any>;

describe('normalizePhoto across pages and versions', () => {
  it('normalizes a front-nine and a back-nine page of different designs separately (v4)', async () => {
    const front = await placeCard('M9H1GG/front-nine-page', { center: { x: 620, y: 900 }, widthPx: 1050, rotationDegrees: 88, tiltDegrees: 15 });
    const back = await placeCard('M18B/back-nine-page', { center: { x: 1780, y: 900 }, widthPx: 900, rotationDegrees: -3, tiltDegrees: 15 });
    const { body, artifacts } = await normalizePhoto(await photograph([front, back]), 4);
    const b = body as Body;
    expect(b.status).toBe('COMPLETE');
    expect(b.pages.map((p: Body) => p.template.designId).sort()).toEqual(['SM18B', 'SM9H1GG']);
    expect(b.pages.map((p: Body) => p.pageInstanceId)).toEqual(['page-1', 'page-2']);
    expect(b.discovery.matchedFiducials).toBe(8);
    const m18 = b.pages.find((p: Body) => p.template.designId === 'SM18B');
    expect(m18.template.panel).toBe('B9');
    expect(m18.regions.semanticRegions.map((r: Body) => r.name)).toEqual(
      expect.arrayContaining(['roundSummary.totalScore', 'penalty.penaltyStrokes', 'hole-10.score']),
    );
    expect(artifacts).toHaveLength(2);
    // Each page has its own canonical image and diagnostic.
    const digests = new Set(artifacts.flatMap((a) => [a.normalizedImage, a.debugImage]).map((i) => createHash('sha256').update(i.bytes).digest('hex')));
    expect(digests.size).toBe(4);
  });

  it('keeps the complete page and reports the incomplete one as PARTIAL with issues (v4)', async () => {
    const complete = await placeCard('M9H1/front-nine-page', { center: { x: 640, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const partial = await placeCard('M9H10GG/back-nine-page', { center: { x: 1760, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const topRight = partial.capture.markers.find((m) => m.role === 'top-right')!;
    coverOnSurface(partial, { x: topRight.xMm - 1, y: topRight.yMm - 1, width: topRight.sizeMm + 2, height: topRight.sizeMm + 2 });
    const { body } = await normalizePhoto(await photograph([complete, partial]), 4);
    const b = body as Body;
    expect(b.status).toBe('PARTIAL');
    expect(b.pages.map((p: Body) => p.template.captureId)).toEqual(['M9H1/front-nine-page']);
    expect(b.issues).toEqual([
      expect.objectContaining({ code: 'registration-markers-incomplete', captureId: 'M9H10GG/back-nine-page', markerIds: expect.any(Array) }),
    ]);
    expect(b.issues[0].markerIds).toHaveLength(3);
    expect(b.discovery).toMatchObject({ retainedFiducials: 7, matchedFiducials: 4, unmatchedFiducials: 3 });
  });

  it('answers version 3 with one topology-neutral capture and version 2 with panel regions', async () => {
    const card = await placeCard('M9H10GG/back-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1500, tiltDegrees: 20, rotationDegrees: -5 });
    const photo = await photograph([card]);
    const v3 = (await normalizePhoto(photo, 3)).body as Body;
    expect(Object.keys(v3).sort()).toEqual(['artifacts', 'normalization', 'printedMetadata', 'quality', 'regions', 'template', 'warnings']);
    expect(v3.template).toMatchObject({ designId: 'SM9H10GG', captureId: 'M9H10GG/back-nine-page', topology: 'single-page' });
    expect(Object.keys(v3.printedMetadata).sort()).toEqual(['checksum', 'correctionCount', 'courseToken', 'designChunk', 'text']);
    expect(v3.normalization.sourceToCanonical).toHaveLength(9);
    expect(Object.keys(v3.regions).sort()).toEqual(['captureId', 'coordinateSpace', 'pages', 'semanticRegions', 'topology']);

    const v2 = (await normalizePhoto(photo, 2)).body as Body;
    expect(Object.keys(v2).sort()).toEqual(['artifacts', 'normalization', 'printedMetadata', 'regions', 'template', 'warnings']);
    expect(Object.keys(v2.template).sort()).toEqual(['designId', 'fiducialFamily', 'layoutRevision', 'panel', 'slug', 'source', 'version']);
    expect(Object.keys(v2.printedMetadata).sort()).toEqual(['courseToken', 'text']);
    expect(v2.normalization.sourceToCanonical).toBeUndefined();
    expect(v2.regions.panel).toBe('B9');
    expect(v2.regions.holes.map((h: Body) => h.holeNumber)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(Object.keys(v2.regions.holes[0].cells)).toEqual(['hole', 'score', 'putts', 'teeFir', 'teeClub', 'approachGir', 'approachClub', 'approachDistance']);
    // Version 2 and 3 describe the same geometry.
    expect(v2.normalization.sourceCorners).toEqual(v3.normalization.sourceCorners);
    expect(v2.regions.totals).toEqual(findCapture('M9H10GG/back-nine-page')!.regions.totals);
  });

  it('refuses versions that cannot express the capture with 406', async () => {
    const m18 = await placeCard('M18F/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1000 });
    await expect(normalizePhoto(await photograph([m18]), 2)).rejects.toMatchObject({ code: 'scorecard-normalization-version-incompatible', status: 406 });
    const a = await placeCard('M9H1/front-nine-page', { center: { x: 640, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    const b = await placeCard('M9H1GG/front-nine-page', { center: { x: 1760, y: 900 }, widthPx: 1000, rotationDegrees: 90 });
    await expect(normalizePhoto(await photograph([a, b]), 3)).rejects.toMatchObject({ code: 'scorecard-normalization-version-incompatible', status: 406 });
  });
});
