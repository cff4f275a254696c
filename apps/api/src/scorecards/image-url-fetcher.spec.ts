import { request } from 'undici';
import { createImageFetchDispatcher, fetchImageUrl, validateImageUrl } from './image-url-fetcher';
import { isPublicAddress, publicOnlyLookup } from './public-address-policy';

describe('validateImageUrl', () => {
  it('accepts public https hostnames on the default port', () => {
    expect(validateImageUrl('https://images.example.com/cards/1.jpg?size=full').href).toBe('https://images.example.com/cards/1.jpg?size=full');
    expect(validateImageUrl('https://images.example.com:443/a.jpg').port).toBe('');
    expect(validateImageUrl('/b.png', new URL('https://cdn.example.org/a/')).href).toBe('https://cdn.example.org/b.png');
  });

  it.each([
    ['http', 'http://images.example.com/a.jpg'],
    ['another port', 'https://images.example.com:8443/a.jpg'],
    ['credentials', 'https://user:pass@images.example.com/a.jpg'],
    ['user only', 'https://user@images.example.com/a.jpg'],
    ['a fragment', 'https://images.example.com/a.jpg#frag'],
    ['an empty fragment', 'https://images.example.com/a.jpg#'],
    ['loopback literal', 'https://127.0.0.1/a.jpg'],
    ['private literal', 'https://10.0.0.1/a.jpg'],
    ['IPv6 loopback', 'https://[::1]/a.jpg'],
    ['IPv4-mapped private', 'https://[::ffff:192.168.1.1]/a.jpg'],
    ['IPv4-compatible loopback', 'https://[::7f00:1]/a.jpg'],
    ['IPv4-compatible loopback, dotted', 'https://[::127.0.0.1]/a.jpg'],
    ['NAT64 local-use metadata address', 'https://[64:ff9b:1::a9fe:a9fe]/a.jpg'],
    ['IPv4-mapped public', 'https://[::ffff:8.8.8.8]/a.jpg'],
    ['localhost', 'https://localhost/a.jpg'],
    ['single label', 'https://intranet/a.jpg'],
    ['ftp', 'ftp://images.example.com/a.jpg'],
    ['garbage', '::not a url::'],
  ])('refuses %s', (_what, url) => {
    expect(() => validateImageUrl(url)).toThrow(expect.objectContaining({ code: 'invalid-image-url' }));
  });
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    // IPv4-compatible ::/96 (both spellings), NAT64 local-use 64:ff9b:1::/48, IPv4-translated, and the rest of the IANA special-purpose registry
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1::808:808',
    '::ffff:0:7f00:1',
    '64:ff9b::808:808',
    '100::1',
    '100:0:0:1::1',
    '2001::1',
    '2001:2::1',
    '2001:10::1',
    '2620:4f:8000::1',
    '3fff::1',
    '5f00::1',
    'fec0::1',
    '3ffe::1',
    '4000::1',
    '::ffff:a9fe:a9fe',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
  it('refuses what is not an address', () => expect(isPublicAddress('example.com')).toBe(false));
});

describe('publicOnlyLookup', () => {
  const resolver =
    (answers: Record<string, { address: string; family: number }[]>) =>
    (host: string, cb: (e: NodeJS.ErrnoException | null, a: { address: string; family: number }[]) => void) =>
      cb(null, answers[host] ?? []);

  it('refuses a host when any resolved address is internal (DNS rebinding)', (done) => {
    const lookup = publicOnlyLookup(
      resolver({
        'mixed.example': [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.5', family: 4 },
        ],
      }),
    );
    lookup('mixed.example', { all: true }, (error) => {
      expect(error).toMatchObject({ code: 'ERR_SCORECARD_ADDRESS_BLOCKED' });
      done();
    });
  });

  it('answers both calling forms for public hosts', (done) => {
    const lookup = publicOnlyLookup(resolver({ 'cdn.example': [{ address: '93.184.216.34', family: 4 }] }));
    lookup('cdn.example', { all: true }, (error, addresses) => {
      expect(error).toBeNull();
      expect(addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
      lookup('cdn.example', {}, (e2, address, family) => {
        expect([e2, address, family]).toEqual([null, '93.184.216.34', 4]);
        done();
      });
    });
  });
});

describe('the image fetch dispatcher', () => {
  const dispatcher = createImageFetchDispatcher();
  afterAll(() => dispatcher.close());

  it('refuses to connect to loopback at connect time (localhost resolves to 127.0.0.1 / ::1)', async () => {
    // Bypasses the URL rule on purpose: the connect-time check alone must stop it.
    await expect(request('https://localhost/card.jpg', { dispatcher })).rejects.toThrow(/non-public address/);
  });

  it('turns a host that resolves internally into invalid-image-url', async () => {
    const internal = createImageFetchDispatcher((_host, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    await expect(fetchImageUrl('https://images.example.com/card.jpg', internal)).rejects.toMatchObject({ code: 'invalid-image-url' });
    await internal.close();
  });

  it('answers image-fetch-failed when the host cannot be reached', async () => {
    const unreachable = createImageFetchDispatcher((_host, cb) => cb(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), []));
    await expect(fetchImageUrl('https://images.example.com/card.jpg', unreachable)).rejects.toMatchObject({ code: 'image-fetch-failed', status: 502 });
    await unreachable.close();
  });
});
