import type { ApiConfig } from '../config/api-config';
import { ApiProblem } from '../problems/api-problem';
import '../problems/problem-codes';
import { ADMISSION_RETRY_AFTER_SECONDS, AdmissionGate } from './admission-gate';

describe('AdmissionGate', () => {
  const gate = () => new AdmissionGate({ env: { MAX_CONCURRENT_UPLOADS: 2, MAX_CONCURRENT_RENDERS: 1 } } as unknown as ApiConfig);

  it('admits up to the limit per kind, refuses the next with 503 server-busy and Retry-After, and frees slots when work ends', async () => {
    const admission = gate();
    const releases: (() => void)[] = [];
    const held = () => new Promise<void>((resolve) => releases.push(resolve));
    const first = admission.admit('upload', held);
    const second = admission.admit('upload', held);
    expect(admission.current('upload')).toBe(2);
    const refused = await admission.admit('upload', async () => 'ran').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiProblem);
    expect(refused).toMatchObject({ code: 'server-busy', status: 503, options: { headers: { 'Retry-After': String(ADMISSION_RETRY_AFTER_SECONDS) } } });
    // kinds are counted apart
    await expect(admission.admit('render', async () => 'rendered')).resolves.toBe('rendered');
    releases.forEach((release) => release());
    await Promise.all([first, second]);
    expect(admission.current('upload')).toBe(0);
    await expect(admission.admit('upload', async () => 'ran')).resolves.toBe('ran');
  });

  it('frees the slot when the work fails', async () => {
    const admission = gate();
    await expect(admission.admit('render', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(admission.current('render')).toBe(0);
    await expect(admission.admit('render', async () => 1)).resolves.toBe(1);
  });
});
