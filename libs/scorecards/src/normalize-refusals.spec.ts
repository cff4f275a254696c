import { formatIdentityLabel } from '@caddie/fiducials';
import { normalizePhoto } from './normalize-photo';
import { coverOnSurface, photograph, placeCard } from './testing/photo-scenes';

jest.setTimeout(60_000);

describe('normalizePhoto refusals', () => {
  it('answers registration-markers-incomplete for a photo without markers', async () => {
    const blank = { data: new Uint8Array(1200 * 900).fill(128), width: 1200, height: 900, channels: 1 as const };
    await expect(normalizePhoto(blank, 4)).rejects.toMatchObject({ code: 'registration-markers-incomplete' });
  });

  it('refuses a catalog design outside the production rollout (SM9H10)', async () => {
    const card = await placeCard('M9H10/back-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1400 });
    await expect(normalizePhoto(await photograph([card]), 4)).rejects.toMatchObject({ code: 'scorecard-design-disabled' });
  });

  it('refuses a spread capture outside the production capture registry', async () => {
    const card = await placeCard('M9H1/horizontal-spread', { center: { x: 1200, y: 900 }, widthPx: 2000 });
    await expect(normalizePhoto(await photograph([card]), 4)).rejects.toMatchObject({ code: 'scorecard-capture-disabled', status: 422 });
  });

  it('names the hidden index marker when only it is missing', async () => {
    const card = await placeCard('M9H1GG/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1400 });
    const index = card.capture.markers.find((m) => m.kind === 'index')!;
    coverOnSurface(card, { x: index.xMm - 1, y: index.yMm - 1, width: index.sizeMm + 2, height: index.sizeMm + 2 });
    await expect(normalizePhoto(await photograph([card]), 4)).rejects.toMatchObject({ code: 'scorecard-index-marker-missing' });
  });

  it('refuses a label naming another design than the markers and a smeared label', async () => {
    const contradictory = await placeCard(
      'M9H1GG/front-nine-page',
      { center: { x: 1200, y: 900 }, widthPx: 1400 },
      { labelText: formatIdentityLabel({ designCode: 'M9H1' }) },
    );
    await expect(normalizePhoto(await photograph([contradictory]), 4)).rejects.toMatchObject({ code: 'scorecard-design-contradictory' });
    const smeared = await placeCard('M9H1/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1400 }, { labelText: 'SM9H1-E0000' });
    await expect(normalizePhoto(await photograph([smeared]), 4)).rejects.toMatchObject({ code: 'scorecard-design-unreadable' });
  });
});
