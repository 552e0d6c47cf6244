/**
 * Where a webhook may be sent. Only http and https; and unless
 * WEBHOOKS_ALLOW_PRIVATE is true, the host must resolve only to public unicast addresses: no
 * loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10),
 * unspecified (0.0.0.0), multicast, carrier-grade NAT or reserved ranges, nor IPv6 forms that carry
 * an IPv4 address (IPv4-mapped ::ffff:0:0/96 judged as that IPv4, IPv4-compatible ::/96, 6to4,
 * NAT64). Otherwise anyone able to subscribe could make the server call its own network (SSRF),
 * cloud metadata endpoints included. Refusals never say what a name resolved to.
 *
 * Checked when a subscription is written and again before every delivery (DNS answers change);
 * at delivery the checked address is the one connected to (see lib/http-client.ts `lookup`).
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { bilingual } from '../errors.ts';

/** One sentence for every refusal: which address a name resolved to, or whether it resolved, is not told. */
const UNSAFE = bilingual(
  'l’hôte doit résoudre uniquement vers des adresses publiques d’internet',
  'the host must resolve only to public internet addresses',
);

export class UnsafeTargetError extends Error {
  /** The refusal in each language (the message is the English). */
  readonly wording = UNSAFE;

  constructor() {
    super(UNSAFE('en'));
    this.name = 'UnsafeTargetError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Syntax of a webhook URL: absolute, http or https. Returns the parsed URL or a reason. */
export function parseWebhookUrl(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must use http or https';
  if (!url.hostname) return 'url must name a host';
  return url;
}

/** The ipaddr.js range of an address, IPv4-mapped IPv6 addresses judged as the IPv4 they carry. */
function rangeOf(address: string): string {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range();
}

/** IPv4-compatible IPv6 (::a.b.c.d, the first 96 bits zero): deprecated, and routed to the IPv4 it carries by some stacks. */
function isIpv4Compatible(address: string): boolean {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0);
}

export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && !isIpv4Compatible(address) && rangeOf(address) === 'unicast';
}

/** The URL's host name without the brackets of an IPv6 literal. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses the URL's host resolves to, all of them public; throws UnsafeTargetError when the
 * host does not resolve or one address is not public.
 */
export async function resolvePublicAddresses(url: URL): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family === 6 ? 6 : 4,
      }));
    } catch {
      throw new UnsafeTargetError();
    }
    if (!addresses.length) throw new UnsafeTargetError();
  }
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new UnsafeTargetError();
  return addresses;
}

/** A `lookup` for node:http that always answers the addresses checked beforehand. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 6
        ? addresses.filter((a) => a.family === options.family)
        : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) {
      (callback as (err: NodeJS.ErrnoException | null, addresses: ResolvedAddress[]) => void)(null, list);
    } else {
      callback(null, list[0].address, list[0].family);
    }
  };
}
