/**
 * The domain a company proves it owns: the host of its web site (without `www.`), and the addresses
 * that may receive the proof link: on that domain or one of its subdomains. A free email
 * provider's domain proves nothing (anyone gets an address there): the list is the
 * `email-providers` package's (about 8,700 domains, updated monthly).
 */
import { createRequire } from 'node:module';

// The package's list itself (its entry point only re-exports it, untyped).
const FREE_MAIL = new Set(createRequire(import.meta.url)('email-providers/all.json') as string[]);

/** Is `domain` a free email provider's (gmail.com, yahoo.fr, outlook.com...)? */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL.has(domain.toLowerCase());
}

/** The host of a web site address, without `www.`; null when it is not a web address. */
export function siteDomain(url: string): string | null {
  try {
    const u = new URL(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

/** Is the (trimmed, lower-cased) address on `domain` or one of its subdomains? */
export function emailOnDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  const emailDomain = at > 0 ? email.slice(at + 1) : '';
  return emailDomain === domain || emailDomain.endsWith(`.${domain}`);
}
