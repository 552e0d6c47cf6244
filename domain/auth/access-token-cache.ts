/**
 * What the database said about an access token (live, and the account it speaks for), kept by
 * one process for at most TOKEN_CACHE_MS from the moment the lookup started. A token revoked (or
 * its account disabled, demoted, deleted) is therefore refused by every instance within 1 s,
 * whatever the way it was revoked, with no journal to follow: a lookup that started before the
 * revocation committed expires at most 1 s after it, and a later one sees it.
 *
 * The instance that revokes tokens itself forgets that account's lookups at once (evictAccount):
 * after a write of the account (its logout, through the cache-read-your-writes middleware) and
 * after a refresh-token reuse it detected (the authenticate middleware), so the token is refused
 * there on the next request. A lookup that was already under way when the account was forgotten
 * is not kept, so it cannot bring the old answer back. Only valid answers are kept; a refusal is
 * always asked again. With syncOnRead (the tests) nothing is kept.
 */
import type { Knex } from 'knex';
import { performance } from 'node:perf_hooks';
import { accessTokenStanding, type AccessTokenStanding, type TokenAccount } from './revocation.ts';

export const TOKEN_CACHE_MS = 1000;
const MAX_ENTRIES = 100_000;

interface Entry {
  account: TokenAccount;
  /** Monotonic time (ms) after which the entry must be asked again. */
  until: number;
}

export interface AccessTokenCacheOptions {
  syncOnRead: boolean;
  ttlMs?: number;
  /** Monotonic milliseconds; performance.now() unless a test moves time itself. */
  monotonicNow?: () => number;
}

export class AccessTokenCache {
  /** account id -> jti -> entry, so an account's tokens are forgotten in one step. */
  private readonly byAccount = new Map<number, Map<string, Entry>>();
  /**
   * account id -> when this process last forgot it. A lookup that started before then is not kept;
   * a record older than the TTL protects nothing (such a lookup would be kept until a moment
   * already past) and is dropped.
   */
  private readonly forgottenAt = new Map<number, number>();
  private size = 0;
  private readonly ttlMs: number;
  private readonly monotonicNow: () => number;

  constructor(
    private readonly db: Knex,
    private readonly options: AccessTokenCacheOptions,
  ) {
    this.ttlMs = options.ttlMs ?? TOKEN_CACHE_MS;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
  }

  /** The standing of the token (jti, accountId) at `now`: its account, or why it has none. */
  async lookup(jti: string, accountId: number, now: Date): Promise<AccessTokenStanding> {
    const started = this.monotonicNow();
    const hit = this.byAccount.get(accountId)?.get(jti);
    if (hit && hit.until > started) return { account: hit.account };
    const standing = await accessTokenStanding(this.db, jti, accountId, now);
    if ('account' in standing && !this.options.syncOnRead && !this.forgottenSince(accountId, started))
      this.store(accountId, jti, { account: standing.account, until: started + this.ttlMs });
    return standing;
  }

  /** Forgets every token of the account (this process just revoked some of them, or changed the account). */
  evictAccount(accountId: number): void {
    const now = this.monotonicNow();
    // Kept in time order (delete, then set), so the records older than the TTL are at the front.
    this.forgottenAt.delete(accountId);
    this.forgottenAt.set(accountId, now);
    for (const [id, at] of this.forgottenAt) {
      if (at > now - this.ttlMs) break;
      this.forgottenAt.delete(id);
    }
    const tokens = this.byAccount.get(accountId);
    if (!tokens) return;
    this.size -= tokens.size;
    this.byAccount.delete(accountId);
  }

  /** Whether the account was forgotten after a lookup that started at `started` (its answer may predate the change). */
  private forgottenSince(accountId: number, started: number): boolean {
    const at = this.forgottenAt.get(accountId);
    return at !== undefined && at >= started;
  }

  private store(accountId: number, jti: string, entry: Entry): void {
    if (this.size >= MAX_ENTRIES) this.dropExpired(this.monotonicNow());
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
