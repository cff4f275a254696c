import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { fetchImageUrl } from '../../apps/api/src/scorecards/image-url-fetcher';
import { publicOnlyLookup, type Resolver } from '../../apps/api/src/scorecards/public-address-policy';

/**
 * Redirect handling of the image download against a real local server. Hostnames resolve
 * through a fixed table and the real connect-time address policy; a connection the policy
 * allows is then carried to the local server in plain HTTP (TLS is not what is under test).
 */
describe('image URL redirects (local server)', () => {
  let server: Server;
  let port: number;
  const image = Buffer.from('a scorecard photo');
  const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {};
  const redirect = (location: string) => (res: import('node:http').ServerResponse) => {
    res.writeHead(302, { location });
    res.end();
  };
  routes['/card.jpg'] = (res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length });
    res.end(image);
  };
  routes['/to-card'] = redirect('/card.jpg');
  routes['/to-other-public-host'] = redirect('https://cdn.example.org/card.jpg');
  routes['/to-private-host'] = redirect('https://intranet.example.com/card.jpg');
  routes['/to-private-literal'] = redirect('https://10.0.0.5/card.jpg');
  routes['/to-loopback-v6'] = redirect('https://[::1]/card.jpg');
  routes['/to-ipv4-compatible'] = redirect('https://[::127.0.0.1]/card.jpg');
  routes['/to-metadata'] = redirect('https://169.254.169.254/latest/meta-data');
  routes['/to-http'] = redirect('http://images.example.com/card.jpg');
  routes['/to-userinfo'] = redirect('https://user:secret@images.example.com/card.jpg');
  routes['/to-other-port'] = redirect('https://images.example.com:8443/card.jpg');
  routes['/no-location'] = (res) => {
    res.writeHead(302);
    res.end();
  };
  for (let n = 1; n <= 4; n++) routes[`/chain-${n}`] = redirect(n === 1 ? '/card.jpg' : `/chain-${n - 1}`);

  const seen: string[] = [];
  const table: Record<string, string> = { 'images.example.com': '93.184.216.34', 'cdn.example.org': '93.184.216.35', 'intranet.example.com': '10.0.0.5' };
  const resolver: Resolver = (host, callback) => {
    const address = table[host];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: 4 }]);
  };
  let dispatcher: Agent;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.headers.host}${req.url}`);
      (routes[req.url ?? ''] ?? ((r) => r.writeHead(404).end()))(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const lookup = publicOnlyLookup(resolver);
    dispatcher = new Agent({
      connect: (options, callback) => {
        lookup(options.hostname, {}, (error) => {
          if (error) return callback(error, null);
          const socket = connect(port, '127.0.0.1');
          socket.once('connect', () => callback(null, socket));
          socket.once('error', (e) => callback(e, null));
        });
      },
    });
  });
  afterAll(async () => {
    await dispatcher.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  it('follows a relative redirect on the same public host', async () => {
    await expect(fetchImageUrl('https://images.example.com/to-card', dispatcher)).resolves.toEqual(image);
    expect(seen).toEqual(['images.example.com/to-card', 'images.example.com/card.jpg']);
  });

  it('follows a redirect to another public host, checking its address at connect time', async () => {
    await expect(fetchImageUrl('https://images.example.com/to-other-public-host', dispatcher)).resolves.toEqual(image);
    expect(seen).toEqual(['images.example.com/to-other-public-host', 'cdn.example.org/card.jpg']);
  });

  it('follows exactly three redirects and refuses a fourth', async () => {
    await expect(fetchImageUrl('https://images.example.com/chain-3', dispatcher)).resolves.toEqual(image);
    seen.length = 0;
    await expect(fetchImageUrl('https://images.example.com/chain-4', dispatcher)).rejects.toMatchObject({
      code: 'image-fetch-failed',
      detail: expect.stringMatching(/more than 3/),
    });
    expect(seen).toEqual(['chain-4', 'chain-3', 'chain-2', 'chain-1'].map((p) => `images.example.com/${p}`));
  });

  it.each([
    ['a host that resolves to a private address', '/to-private-host'],
    ['a private IPv4 literal', '/to-private-literal'],
    ['the IPv6 loopback', '/to-loopback-v6'],
    ['an IPv4-compatible IPv6 loopback', '/to-ipv4-compatible'],
    ['the cloud metadata address', '/to-metadata'],
    ['plain http', '/to-http'],
    ['a URL with userinfo', '/to-userinfo'],
    ['another port', '/to-other-port'],
  ])('refuses a redirect to %s with invalid-image-url, fetching nothing from it', async (_what, path) => {
    await expect(fetchImageUrl(`https://images.example.com${path}`, dispatcher)).rejects.toMatchObject({ code: 'invalid-image-url', status: 400 });
    expect(seen).toEqual([`images.example.com${path}`]);
  });

  it('answers image-fetch-failed for a redirect without Location', async () => {
    await expect(fetchImageUrl('https://images.example.com/no-location', dispatcher)).rejects.toMatchObject({ code: 'image-fetch-failed' });
  });
});
