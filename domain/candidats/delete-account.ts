/**
 * DELETE /candidates/profile/account: a candidate deletes its account for good, after
 * giving its password again. In one transaction:
 * - applications are kept but anonymised (candidatId NULL, cover letter gone): the offers'
 *   counters count applications that still exist, so they stay right without being touched;
 * - saved jobs, job alerts (also those made with the same email without an account), the
 *   candidate's files, pending emails to it, and the link from talent pools are removed; blog
 *   comments lose their author;
 * - every token is revoked, then the candidate and account rows are deleted.
 * The audit entry keeps the account id and the reason, not the email (the point is to forget it).
 */
import type { Ctx } from '../context.ts';
import { inTransaction, withActor } from '../context.ts';
import { bilingual, UnauthorizedError } from '../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { revokeAllTokensOfAccount } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteFileRows, removeStoredObjects } from '../files/index.ts';
import { currentCandidatId } from './current-candidat.ts';
import { Account } from '../../models/account.ts';
import { BlogComment } from '../../models/blog-comment.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { OutboundEmail } from '../../models/outbound-email.ts';
import { SavedJob } from '../../models/saved-job.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';
import { ACCOUNT_NOT_FOUND } from '../common-refusals.ts';

export async function deleteMyAccount(
  ctx: Ctx,
  input: { password: string; reason?: string | null },
): Promise<void> {
  const id = currentCandidatId(ctx);
  const account = await Account.query(ctx.db)
    .findOne({ id, role: 'CANDIDAT' })
    .select('email', 'passwordHash');
  if (!account) throw new UnauthorizedError(ACCOUNT_NOT_FOUND);
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw new UnauthorizedError(bilingual('Mot de passe incorrect', 'Wrong password'), 'INVALID_CREDENTIALS');
  }
  await eraseCandidatAccount(ctx, id, {
    email: account.email,
    action: 'candidate.account_deleted',
    details: { reason: input.reason ?? null },
  });
}

/**
 * Erases a candidate account as described above, in one transaction, then removes its stored
 * files. Used by the candidate's own deletion and by the retention job (an account inactive for
 * too long is erased exactly the same way). The audit row has `action` and `details`, never the
 * email. Returns false, erasing nothing, when the candidate no longer exists or `stillDue` says no.
 */
export async function eraseCandidatAccount(
  ctx: Ctx,
  id: number,
  opts: {
    email: string;
    action: string;
    details: Record<string, unknown>;
    /** Checked with the candidate row locked; false leaves the account as it is. */
    stillDue?: (t: Ctx) => Promise<boolean>;
  },
): Promise<boolean> {
  const account = { email: opts.email };
  const keys = await inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    // Locks the candidate first: an application racing with the deletion waits, then fails on its foreign key.
    const locked = await Candidat.query(t.db).findById(id).forUpdate().select('id');
    if (!locked) return null;
    if (opts.stillDue && !(await opts.stillDue(t))) return null;
    await Candidature.query(t.db)
      .where({ candidatId: id })
      .patch({ candidatId: null, anonymized: true, lettreMotivation: null, updatedAt: now });
    await SavedJob.query(t.db).where({ candidatId: id }).delete();
    // The number and every SMS sent to it are personal data; sms_phones and its codes go with the row.
    await SmsMessage.query(t.db).where({ candidatId: id }).delete();
    await JobAlert.query(t.db).where({ candidatId: id }).orWhere({ email: account.email }).delete();
    await VivierCandidat.query(t.db).where({ candidatId: id }).patch({ candidatId: null, updatedAt: now });
    await BlogComment.query(t.db).where({ accountId: id }).patch({ accountId: null, authorName: null });
    await OutboundEmail.query(t.db).where({ toAddress: account.email, status: 'PENDING' }).delete();
    const files = await StoredFile.query(t.db).where({ ownerAccountId: id }).select('id');
    await Candidat.query(t.db).findById(id).patch({ cvFileId: null, photoFileId: null });
    const storageKeys = await deleteFileRows(
      t,
      files.map((f) => f.id),
    );
    await revokeAllTokensOfAccount(t.db, id, now);
    await Candidat.query(t.db).deleteById(id);
    await Account.query(t.db).deleteById(id);
    const actor = t.actor.type === 'account' ? { ...t.actor, email: '' } : t.actor;
    await recordAudit(withActor(t, actor), opts.action, { type: 'candidate', id }, opts.details);
    return storageKeys;
  });
  if (keys === null) return false;
  await removeStoredObjects(ctx, keys);
  return true;
}
