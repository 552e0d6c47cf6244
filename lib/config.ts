/**
 * Configuration from the environment (api-contract.md section 15), validated once at start.
 * A bad value stops the process with a message naming the variable; secrets are never printed.
 */
import { existsSync } from 'node:fs';
import dotenv from 'dotenv';

export interface Config {
  nodeEnv: string;
  databaseUrl: string;
  port: number;
  host: string;
  publicUrl: string;
  frontendUrl: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  uploadDir: string;
  rateLimitEnabled: boolean;
  trustedProxies: string[];
  internalNetworks: string[];
  webhooksEnabled: boolean;
  webhooksAllowPrivate: boolean;
  jobsStore: 'mysql' | 'mongodb';
  mongodbUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  logLevel: string;
  corsOrigins: string[];
  alertsCron: string;
  alertsTimezone: string;
}

export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`${name} must be a port number (got "${raw}")`);
  return n;
}

function url(env: Env, name: string, fallback: string | null, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(', ')})`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must use one of: ${protocols.join(', ')}`);
  }
  return raw.replace(/\/$/, '');
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: Env = process.env): Config {
  if (env === process.env && existsSync('.env')) dotenv.config({ quiet: true });
  const nodeEnv = env.NODE_ENV || 'development';
  const jwtSecret = env.JWT_SECRET || DEV_JWT_SECRET;
  if (nodeEnv === 'production' && jwtSecret === DEV_JWT_SECRET) {
    throw new ConfigError('JWT_SECRET must be set to a secret of your own when NODE_ENV=production');
  }
  if (jwtSecret.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters long');
  const jobsStore = (env.JOBS_STORE || 'mysql').toLowerCase();
  if (jobsStore !== 'mysql' && jobsStore !== 'mongodb')
    throw new ConfigError('JOBS_STORE must be mysql or mongodb');
  const mongodbUrl = url(env, 'MONGODB_URL', null, ['mongodb', 'mongodb+srv']);
  if (jobsStore === 'mongodb' && !mongodbUrl)
    throw new ConfigError('MONGODB_URL is required when JOBS_STORE=mongodb');
  return {
    nodeEnv,
    databaseUrl: url(env, 'DATABASE_URL', 'mysql://root@127.0.0.1:3306/recrutement', ['mysql', 'mariadb'])!,
    port: int(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    publicUrl: url(env, 'PUBLIC_URL', 'http://localhost:3000', ['http', 'https'])!,
    frontendUrl: url(env, 'FRONTEND_URL', null, ['http', 'https']),
    jwtSecret,
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp', 'smtps']),
    mailFrom: env.MAIL_FROM || 'Recrutement <no-reply@localhost>',
    mailDir: env.MAIL_DIR || 'var/mail',
    uploadDir: env.UPLOAD_DIR || 'var/uploads',
    rateLimitEnabled: bool(env, 'RATE_LIMIT_ENABLED', nodeEnv !== 'development'),
    trustedProxies: list(env, 'TRUSTED_PROXIES', ['127.0.0.0/8', '::1']),
    internalNetworks: list(env, 'INTERNAL_NETWORKS', []),
    webhooksEnabled: bool(env, 'WEBHOOKS_ENABLED', true),
    webhooksAllowPrivate: bool(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    jobsStore,
    mongodbUrl,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: list(env, 'CORS_ORIGINS', ['*']),
    alertsCron: env.ALERTS_CRON || '0 6 * * *',
    alertsTimezone: env.ALERTS_TIMEZONE || 'Africa/Douala',
  };
}
