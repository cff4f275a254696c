import type { ArtifactStore } from '@caddie/artifacts';
import type { ScorecardNormalizeResult } from '@caddie/jobs';
import type { ArtifactDeliveryService } from '../artifacts/artifact-delivery.service';
import { ScorecardArtifactDelivery } from './scorecard-artifact-delivery';

const stored = (key: string, contentType: 'image/png' | 'image/jpeg') => ({
  key,
  contentType,
  sizeBytes: 10,
  sha256: `sha256:${'a'.repeat(64)}`,
  width: 4,
  height: 3,
  retentionUntil: '2025-03-12T00:00:00.000Z',
});

function result(): ScorecardNormalizeResult {
  return {
    body: {
      status: 'COMPLETE',
      pages: [
        {
          pageInstanceId: 'page-1',
          artifacts: { normalizedImage: stored('scorecards/x/1.png', 'image/png'), debugImage: stored('scorecards/x/1.jpg', 'image/jpeg') },
        },
      ],
    },
    artifactKeys: ['scorecards/x/1.png', 'scorecards/x/1.jpg'],
  };
}

describe('ScorecardArtifactDelivery', () => {
  it('replaces stored keys with signed descriptors and never returns the key', async () => {
    const delivery = {
      signedUrl: async (key: string, ttl: number) => ({ url: `https://cdn.example/${key}?ttl=${ttl}`, expiresAt: new Date('2025-03-10T14:45:00Z') }),
    } as unknown as ArtifactDeliveryService;
    const store = { delete: jest.fn() } as unknown as ArtifactStore;
    const body = await new ScorecardArtifactDelivery(delivery, store).sign(4, result(), 3600, Date.parse('2025-03-10T13:45:00Z'));
    const artifacts = (body.pages as Record<string, any>[])[0].artifacts;
    expect(artifacts.normalizedImage).toEqual({
      url: 'https://cdn.example/scorecards/x/1.png?ttl=3600',
      contentType: 'image/png',
      sizeBytes: 10,
      sha256: `sha256:${'a'.repeat(64)}`,
      width: 4,
      height: 3,
      expiresAt: '2025-03-10T14:45:00.000Z',
      retentionUntil: '2025-03-12T00:00:00.000Z',
    });
    expect(JSON.stringify(body)).not.toContain('"key"');
    expect(store.delete).not.toHaveBeenCalled();
  });

  it('never signs a URL that outlives the artifact', async () => {
    const ttls: number[] = [];
    const delivery = {
      signedUrl: async (key: string, ttl: number) => (ttls.push(ttl), { url: `https://cdn.example/${key}`, expiresAt: new Date() }),
    } as unknown as ArtifactDeliveryService;
    const store = { delete: jest.fn(async () => undefined) } as unknown as ArtifactStore;
    await new ScorecardArtifactDelivery(delivery, store).sign(4, result(), 3600, Date.parse('2025-03-11T23:50:00Z'));
    expect(ttls).toEqual([600, 600]);
    // Past its retention an artifact is not handed out at all.
    await expect(new ScorecardArtifactDelivery(delivery, store).sign(4, result(), 3600, Date.parse('2025-03-12T00:00:00Z'))).rejects.toMatchObject({
      code: 'scorecard-artifact-signing-unavailable',
    });
    expect(ttls).toHaveLength(2);
  });

  it('answers 503 signing-unavailable and deletes the objects when signing fails', async () => {
    const delivery = { signedUrl: async () => Promise.reject(new Error('kms down')) } as unknown as ArtifactDeliveryService;
    const deleted: string[] = [];
    const store = { delete: async (key: string) => void deleted.push(key) } as unknown as ArtifactStore;
    await expect(new ScorecardArtifactDelivery(delivery, store).sign(4, result(), 3600, Date.parse('2025-03-10T13:45:00Z'))).rejects.toMatchObject({
      code: 'scorecard-artifact-signing-unavailable',
      status: 503,
    });
    expect(deleted.sort()).toEqual(['scorecards/x/1.jpg', 'scorecards/x/1.png']);
  });
});
