/**
 * Where a webhook may be sent (api-contract.md section 11). Only http and https; and unless
 * WEBHOOKS_ALLOW_PRIVATE is true, the host must resolve only to public unicast addresses: no
 * loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10),
 * unspecified (0.0.0.0), multicast, carrier-grade NAT or reserved ranges. Otherwise anyone able to
 * subscribe could make the server call its own network (SSRF), cloud metadata endpoints included.
 *
 * Checked when a subscription is written and again before every delivery (DNS answers change);
 * at delivery the checked address is the one connected to (see lib/http-client.ts `lookup`).
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export class UnsafeTargetError extends Error {
  constructor(message: string) {
    super(message);
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

export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && rangeOf(address) === 'unicast';
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
      throw new UnsafeTargetError(`host ${host} does not resolve`);
    }
    if (!addresses.length) throw new UnsafeTargetError(`host ${host} does not resolve`);
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused) {
    throw new UnsafeTargetError(
      `host ${host} resolves to ${refused.address}, a ${rangeOf(refused.address)} address; webhooks only go to public addresses`,
    );
  }
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
