/**
 * What the database said about an access token (live, and the account it speaks for), kept by
 * one process for at most TOKEN_CACHE_MS from the moment the lookup started. A token revoked (or
 * its account disabled, demoted, deleted) is therefore refused by every instance within 1 s,
 * whatever the way it was revoked, with no journal to follow: a lookup that started before the
 * revocation committed expires at most 1 s after it, and a later one sees it.
 *
 * The instance that serves a write of an account forgets that account's tokens at once
 * (evictAccount), so a logout is refused there on the next request. Only valid answers are kept;
 * a refusal is always asked again. With syncOnRead (the tests) nothing is kept.
 */
import type { Knex } from 'knex';
import { performance } from 'node:perf_hooks';
import { accessTokenAccount, type TokenAccount } from './revocation.ts';

export const TOKEN_CACHE_MS = 1000;
const MAX_ENTRIES = 100_000;

interface Entry {
  account: TokenAccount;
  /** performance.now() after which the entry must be asked again. */
  until: number;
}

export class AccessTokenCache {
  /** account id -> jti -> entry, so an account's tokens are forgotten in one step. */
  private readonly byAccount = new Map<number, Map<string, Entry>>();
  private size = 0;

  constructor(
    private readonly db: Knex,
    private readonly options: { syncOnRead: boolean; ttlMs?: number },
  ) {}

  /** The account of the live token (jti, accountId) at `now`, or null (unknown, revoked, expired, disabled). */
  async lookup(jti: string, accountId: number, now: Date): Promise<TokenAccount | null> {
    const started = performance.now();
    const hit = this.byAccount.get(accountId)?.get(jti);
    if (hit && hit.until > started) return hit.account;
    const account = await accessTokenAccount(this.db, jti, accountId, now);
    if (account && !this.options.syncOnRead)
      this.store(accountId, jti, { account, until: started + (this.options.ttlMs ?? TOKEN_CACHE_MS) });
    return account;
  }

  /** Forgets every token of the account (this process just changed something of it, a logout for one). */
  evictAccount(accountId: number): void {
    const tokens = this.byAccount.get(accountId);
    if (!tokens) return;
    this.size -= tokens.size;
    this.byAccount.delete(accountId);
  }

  private store(accountId: number, jti: string, entry: Entry): void {
    if (this.size >= MAX_ENTRIES) this.dropExpired(performance.now());
    if (this.size >= MAX_ENTRIES) return;
    let tokens = this.byAccount.get(accountId);
    if (!tokens) this.byAccount.set(accountId, (tokens = new Map()));
    if (!tokens.has(jti)) this.size += 1;
    tokens.set(jti, entry);
  }

  private dropExpired(now: number): void {
    for (const [accountId, tokens] of this.byAccount) {
      for (const [jti, e] of tokens)
        if (e.until <= now) {
          tokens.delete(jti);
          this.size -= 1;
        }
      if (tokens.size === 0) this.byAccount.delete(accountId);
    }
  }
}
