import { Model } from 'objection';

export type ScamRuleKind = 'REGEX' | 'PHRASE';

export class ScamRule extends Model {
  static override tableName = 'scamRules';
  static override jsonAttributes = ['languages'];
  id!: number;
  code!: string;
  kind!: ScamRuleKind;
  pattern!: string;
  exceptPattern!: string | null;
  languages!: string[];
  reasonCode!: string;
  description!: string | null;
  enabled!: boolean;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

export class ScamRuleVersion extends Model {
  static override tableName = 'scamRuleVersions';
  static override jsonAttributes = ['snapshot'];
  id!: number;
  ruleId!: number;
  version!: number;
  snapshot!: Record<string, unknown>;
  changedBy!: string | null;
  changedAt!: Date;
}
