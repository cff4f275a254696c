import { generateKey } from '@caddie/access';
import type { ApiConfig } from '../config/api-config';
import type { OperationSpec } from '../http/operation.decorator';
import type { RateLimiterService } from '../rate-limit/rate-limiter.service';
import { AccessPolicy } from './access-policy';
import type { ApiKeysService, KeyVerdict } from './api-keys.service';
import type { Principal } from './principal';

/** admitNow(), the fast lane's admission: the same refusals as check(), without waiting, and its caches. */
describe('AccessPolicy.admitNow', () => {
  const key = generateKey('caddie', 'live');
  const principal: Principal = {
    keyId: 'k1',
    organizationId: 'o1',
    kind: 'live',
    publishable: false,
    scopes: ['course-maps:read'],
    origins: [],
    datasets: [],
    rateLimitPerMinute: null,
  };
  const spec = { operationId: 'getMapTile', summary: '', access: 'key', scope: 'course-maps:read', service: 'course-maps' } as unknown as OperationSpec;
  const verdicts = new Map<string, KeyVerdict>([[key, { status: 'valid', principal }]]);
  const policy = new AccessPolicy(
    { verdictNow: (k: string) => verdicts.get(k) } as unknown as ApiKeysService,
    {} as RateLimiterService,
    { operatorToken: 'caddie', env: { RATE_LIMIT_PER_MINUTE: 600 } } as unknown as ApiConfig,
  );
  const admit = (query: object, headers: Record<string, string> = { 'x-api-key': key }) => policy.admitNow(spec, { headers, query });

  it('admits a cached valid key with its bucket and limit, the same admission object each time', () => {
    const first = admit({});
    expect(first).toEqual({ principal, bucket: 'key:k1', limit: 600 });
    expect(admit(Object.freeze({ revision: 'abc' }))).toBe(first);
  });

  it('declines what check() would refuse or has to look up', () => {
    expect(admit({}, {})).toBeNull();
    expect(admit({}, { 'x-api-key': generateKey('caddie', 'live') })).toBeNull(); // no cached verdict
    expect(admit({}, { 'x-api-key': key, authorization: 'Basic abc' })).toBeNull();
    expect(policy.admitNow({ ...spec, scope: 'course-graphics:read' } as OperationSpec, { headers: { 'x-api-key': key }, query: {} })).toBeNull();
    expect(policy.admitNow({ ...spec, access: 'public' } as OperationSpec, { headers: { 'x-api-key': key }, query: {} })).toBeNull();
  });

  it('refuses a credential in the query every time, frozen or not, and checks a changeable query again', () => {
    const withKey = Object.freeze({ token: 'x' });
    expect(admit(withKey)).toBeNull();
    expect(admit(withKey)).toBeNull();
    expect(admit(Object.freeze({ note: key }))).toBeNull();
    const changeable: Record<string, string> = { revision: 'abc' };
    expect(admit(changeable)).not.toBeNull();
    changeable.api_key = 'x';
    expect(admit(changeable)).toBeNull();
  });
});
