/**
 * Loads oidc-provider, once, when the authorization server is first built. Its version 9 (the one
 * built on Koa 3, like this API) runs on Node 20.18+ (it needs URL.parse and crypto.hash, both
 * there) but prints an "Unsupported runtime" line on stderr when the Node release is older than
 * 22 LTS. That line alone is kept out of stderr (our start lines are read there); every other line
 * it prints passes. Loaded on demand rather than imported: processes that never serve OAuth (the
 * CLI, the job runner) never load it, and no module of ours needs a top-level await.
 */
import type * as OidcProvider from 'oidc-provider';

export type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
export type ProviderModule = typeof OidcProvider;

let loading: Promise<ProviderModule> | null = null;

export function loadProviderModule(): Promise<ProviderModule> {
  return (loading ??= (async () => {
    // eslint-disable-next-line no-console -- kept to be restored: the library's notices go through console.warn
    const warn = console.warn;
    // eslint-disable-next-line no-console -- the library writes with console.warn; only its runtime notice is held back
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime'))
        return;
      warn(...args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      // eslint-disable-next-line no-console -- restored as it was
      console.warn = warn;
    }
  })());
}
