/**
 * Who a counter or a block is about: a client (lib/client-address.ts: an IPv4 address, an IPv6
 * /64). A call made with an integration app's OAuth token is counted twice: for its client and for
 * its app ('app:<client id>', whatever address it comes from).
 */
import { clientOfAddress } from '../../lib/client-address.ts';

/** '1.2.3.4' or '2001:db8:1:2::/64'; anything that is not an address is returned unchanged. */
export function rateLimitSubject(ip: string): string {
  return clientOfAddress(ip);
}

/** The subject of an integration app's own counters: 'app:<client id>' (never an address). */
export function appRateLimitSubject(clientId: string): string {
  return `app:${clientId}`;
}
