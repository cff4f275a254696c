import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Ranges a fetched image may never come from: loopback, private, link-local, CGNAT, multicast, documentation, reserved. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
/**
 * IPv6: only global unicast (2000::/3) is ever fetched from, which leaves out in one rule the
 * unspecified and loopback addresses, IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96 and
 * IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64,
 * dummy 100:0:0:1::/64, SRv6 SIDs 5f00::/16, unique-local, link-local, site-local and multicast.
 * Inside 2000::/3, the IANA special-purpose blocks are refused too.
 */
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID, drone DETs
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['3ffe::', 16], // former 6bone
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** IPv4 carried inside an IPv6 address (mapped, NAT64, 6to4), which must pass the IPv4 rules too. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (isMapped || isNat64) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  if (address.includes('.')) return undefined;
  const [head, tail] = address.split('::');
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (tail === undefined && fill !== 0)) return undefined;
  return [...left, ...new Array<number>(fill).fill(0), ...right];
}

/** Whether an address is globally routable unicast (the only kind an image may be fetched from). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner && !isPublicAddress(inner)) return false;
    return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !BLOCKED.check(address, 'ipv6');
  }
  return false;
}

export class BlockedAddressError extends Error {
  readonly code = 'ERR_SCORECARD_ADDRESS_BLOCKED';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type Resolver = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A `lookup` for net/tls connect that refuses a host when ANY of its addresses is not public
 * (checked at connect time, so a DNS answer that changes after validation cannot reach an
 * internal address). Handles both the single-address and the `all: true` calling forms.
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '');
      const blocked = addresses.find((a) => !isPublicAddress(a.address));
      if (blocked || addresses.length === 0) {
        return callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), '');
      }
      if (typeof options === 'object' && options?.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
