import type { ArtifactStore } from '@caddie/artifacts';
import { ArtifactDeliveryService } from '../../apps/api/src/artifacts/artifact-delivery.service';
import { ARTIFACT_STORE } from '../../apps/api/src/platform/storage/artifact-store.provider';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';

describe('signed artifact URLs (local store)', () => {
  let api: ApiHarness;
  let delivery: ArtifactDeliveryService;
  beforeAll(async () => {
    api = await startApi();
    delivery = api.app.get(ArtifactDeliveryService);
    await api.app.get<ArtifactStore>(ARTIFACT_STORE).put('graphics/aa/test.png', Buffer.from('png-bytes'), 'image/png', { sha256: 'sha256:abc' });
  });
  afterAll(() => api.close());

  const path = (url: string) => url.replace('http://api.test', '');

  it('serves the object without a key until the URL expires', async () => {
    const { url, expiresAt } = await delivery.signedUrl('graphics/aa/test.png', 300);
    expect(url).toMatch(/^http:\/\/api\.test\/v1\/artifacts\/[A-Za-z0-9_-]+\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);
    const response = await api.request({ method: 'GET', url: path(url) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('png-bytes');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers.etag).toBe('"sha256:abc"');
  });

  it('refuses tampered, expired and dangling URLs with problem codes', async () => {
    const { url } = await delivery.signedUrl('graphics/aa/test.png', 300);
    expectProblem(await api.request({ method: 'GET', url: path(url).replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 1}`) }), 403, 'invalid-signature');
    const expired = await delivery.signedUrl('graphics/aa/test.png', -5);
    expectProblem(await api.request({ method: 'GET', url: path(expired.url) }), 403, 'signature-expired');
    const missing = await delivery.signedUrl('graphics/aa/missing.png', 300);
    expectProblem(await api.request({ method: 'GET', url: path(missing.url) }), 404, 'artifact-not-found');
  });
});
