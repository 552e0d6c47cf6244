import { Model } from 'objection';

export class AuditLog extends Model {
  static override tableName = 'auditLogs';
  static override jsonAttributes = ['details'];
  id!: number;
  actorType!: 'account' | 'system';
  actorId!: string;
  actorEmail!: string | null;
  action!: string;
  targetType!: string | null;
  targetId!: string | null;
  ip!: string | null;
  details!: Record<string, unknown> | null;
  createdAt!: Date;
}
