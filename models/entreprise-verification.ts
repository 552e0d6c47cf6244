import { Model } from 'objection';

/** A link sent to an address on the domain of the company's web site (DOMAIN_EMAIL). */
export class EntrepriseDomainVerification extends Model {
  static override tableName = 'companyDomainVerifications';
  id!: number;
  entrepriseId!: number;
  recruiterId!: number | null;
  email!: string;
  domain!: string;
  tokenHash!: string;
  expiresAt!: Date;
  verifiedAt!: Date | null;
  createdAt!: Date;
}

/** An administrator's withdrawal of a company's verification (active until restored). */
export class EntrepriseVerificationWithdrawal extends Model {
  static override tableName = 'companyVerificationWithdrawals';
  static override idColumn = 'entrepriseId';
  entrepriseId!: number;
  active!: boolean;
  reason!: string;
  withdrawnAt!: Date;
  withdrawnBy!: string | null;
}
