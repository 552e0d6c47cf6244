/**
 * Configuration from the environment, validated once at start.
 * A bad value stops the process with a message naming the variable; secrets are never printed.
 */
import { existsSync } from 'node:fs';
import dotenv from 'dotenv';
import { DEFAULT_PASSWORD_HASH_COST, type PasswordHashCost } from './passwords.ts';
import addressparser from 'nodemailer/lib/addressparser';

export interface Config {
  nodeEnv: string;
  databaseUrl: string;
  port: number;
  host: string;
  /** Base of every link the API, its emails and the CLI write (see publicUrlSet). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given. When not, the API records its own default (http://HOST:PORT) in
   * the database at start and the worker and CLI use that one (lib/public-url.ts).
   */
  publicUrlSet: boolean;
  frontendUrl: string | null;
  /** '' until filled from the database by withJwtSecret (when JWT_SECRET is unset). */
  jwtSecret: string;
  /**
   * OAUTH_SIGNING_KEY: the private JWK (JSON, EC P-256 or RSA) that signs the OAuth server's ID tokens.
   * '' when unset: the processes share a P-256 key generated into the database (api/oauth/signing-key.ts).
   */
  oauthSigningKey: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * MAIL_REPLY_TO: the mailbox that reads replies, as the emails' Reply-To (one a template sets, a
   * recruiter's for instance, wins). Unset: replies go to MAIL_FROM.
   */
  mailReplyTo: string | null;
  mailDir: string;
  uploadDir: string;
  /** Where uploads live: the local folder UPLOAD_DIR, or an S3-compatible object store. */
  storage: StorageConfig;
  /** True unless RATE_LIMIT_ENABLED=false, whatever NODE_ENV says. */
  rateLimitEnabled: boolean;
  trustedProxies: string[];
  /** Behind Cloudflare: CF-Connecting-IP (from a trusted proxy) names the client. */
  cloudflare: boolean;
  internalNetworks: string[];
  webhooksEnabled: boolean;
  webhooksAllowPrivate: boolean;
  jobsStore: 'mysql' | 'mongodb';
  mongodbUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  logLevel: string;
  /** json (one object per line, the default) or pretty (pino-pretty, for a human at a terminal). */
  logFormat: 'json' | 'pretty';
  corsOrigins: string[];
  alertsCron: string;
  alertsTimezone: string;
  /** Time zone of the jobs' schedules (IANA name, e.g. Africa/Douala). */
  jobsTimezone: string;
  /** Offers per sitemap page (the protocol's maximum, 50,000, unless lowered). */
  sitemapPageSize: number;
  /** How often each process reads the search journal (ms). */
  searchPollMs: number;
  /** Read the search journal before every search (read-your-writes across processes; tests). */
  searchSyncOnRead: boolean;
  /** How long a process keeps a search page to send again for the same query (ms; 0: never). */
  searchKeptAnswerMs: number;
  /** Check the reference versions before every reference answer and keep no token lookup (tests). */
  cacheSyncOnRead: boolean;
  /** How long a process answers an anonymous public GET again from its recorded answer (ms; 0: never). */
  answerReplayMs: number;
  /** Inactive candidate accounts are anonymised after this many months (noticed 30 days before). */
  privacyRetentionMonths: number;
  /** Open reports (from distinct reporters) that hide an offer until an administrator decides. */
  trustReportsToHide: number;
  /** SMPP (smpp://user:password@host:2775) or HTTP gateway (Kannel sendsms) URL; null: SMS written to files under MAIL_DIR. */
  smsUrl: string | null;
  /** Sender of SMS: an alphanumeric name (at most 11 characters) or a number. */
  smsFrom: string;
  /** Segments the platform may queue per Cameroon day (alerts and notices; codes and STOP replies always go). */
  smsDailyCap: number;
  /** Alert and notice SMS one candidate may get per Cameroon day. */
  smsCandidateDailyCap: number;
  /** Shared secret an HTTP gateway must send (`key`) on its delivery-receipt and incoming-SMS callbacks. */
  smsCallbackKey: string | null;
  /** argon2id's cost for new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST). */
  passwordHashCost: PasswordHashCost;
}

export type StorageConfig =
  | { kind: 'local' }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | null; forcePathStyle: boolean };

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

/**
 * One email address, with or without a display name (`Recrutement <contact@emploi.cm>`), read by
 * nodemailer's own parser: a value it would not send from is refused at start, not at each email.
 */
function mailbox(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const parsed = addressparser(raw, { flatten: true });
  if (parsed.length !== 1 || !/^[^@\s]+@[^@\s]+$/.test(parsed[0]!.address))
    throw new ConfigError(
      `${name} must be one email address, e.g. "Recrutement <contact@example.cm>" (got "${raw}")`,
    );
  return raw;
}

/** http://HOST:PORT, with localhost for a wildcard address (0.0.0.0, ::), which no browser can open. */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): string {
  const raw = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}`);
  return raw;
}

function logFormat(env: Env): 'json' | 'pretty' {
  const raw = (env.LOG_FORMAT || 'json').toLowerCase();
  if (raw !== 'json' && raw !== 'pretty') throw new ConfigError('LOG_FORMAT must be json or pretty');
  return raw;
}

function list(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function privacyRetentionMonths(env: Env): number {
  const raw = env.PRIVACY_RETENTION_MONTHS;
  if (raw === undefined || raw === '') return 24;
  const n = Number(raw);
  // Below 2 months the 30-day notice would come before the account's first month is over.
  if (!Number.isInteger(n) || n < 2 || n > 1200)
    throw new ConfigError('PRIVACY_RETENTION_MONTHS must be an integer from 2 to 1200');
  return n;
}

function trustReportsToHide(env: Env): number {
  const raw = env.TRUST_REPORTS_TO_HIDE;
  if (raw === undefined || raw === '') return 3;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new ConfigError('TRUST_REPORTS_TO_HIDE must be an integer from 1 to 1000');
  return n;
}

function timeZone(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: raw });
  } catch {
    throw new ConfigError(`${name} must be an IANA time zone such as Africa/Douala (got "${raw}")`);
  }
  return raw;
}

function sitemapPageSize(env: Env): number {
  const raw = env.SITEMAP_PAGE_SIZE;
  if (raw === undefined || raw === '') return 50_000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 50_000)
    throw new ConfigError('SITEMAP_PAGE_SIZE must be an integer from 1 to 50000');
  return n;
}

function searchKeptAnswerMs(env: Env): number {
  const ms = int(env, 'SEARCH_KEPT_ANSWER_MS', 500);
  if (ms < 0 || ms > 2000) throw new ConfigError('SEARCH_KEPT_ANSWER_MS must be between 0 and 2000');
  return ms;
}

function answerReplayMs(env: Env): number {
  const ms = int(env, 'ANSWER_REPLAY_MS', 200);
  if (ms < 0 || ms > 2000) throw new ConfigError('ANSWER_REPLAY_MS must be between 0 and 2000');
  return ms;
}

function searchPollMs(env: Env): number {
  const engine = env.SEARCH_ENGINE || 'index';
  if (engine !== 'index') throw new ConfigError('SEARCH_ENGINE must be index (the in-process search index)');
  // Half a second: a change reaches every other instance's searches within 1 s, reload included.
  const ms = int(env, 'SEARCH_POLL_MS', 500);
  if (ms < 50 || ms > 2000) throw new ConfigError('SEARCH_POLL_MS must be between 50 and 2000');
  return ms;
}

/** STORAGE=local|s3 and the S3_* settings; credentials come from the AWS SDK's standard chain. */
export function storageConfig(env: Env): StorageConfig {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`STORAGE must be local or s3 (got "${env.STORAGE}")`);
  const bucket = env.S3_BUCKET || '';
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots, hyphens)',
    );
  const endpoint = url(env, 'S3_ENDPOINT', null, ['http', 'https']);
  const region = env.S3_REGION || env.AWS_REGION || (endpoint ? 'auto' : '');
  if (!region) throw new ConfigError('S3_REGION is required when STORAGE=s3 without S3_ENDPOINT');
  return { kind: 's3', bucket, region, endpoint, forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false) };
}

function integerIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  return n;
}

const count = (env: Env, name: string, fallback: number, max: number) =>
  integerIn(env, name, fallback, 0, max);

/** SMS_URL, SMS_FROM, the SMS caps and the gateway callback key. */
function smsConfig(env: Env) {
  const from = env.SMS_FROM || 'Recrutement';
  // An alphanumeric sender is at most 11 characters (GSM 03.40); a numeric one, a phone number.
  if (!/^(\+?\d{3,15}|[A-Za-z0-9 ._-]{1,11})$/.test(from))
    throw new ConfigError('SMS_FROM must be a name of at most 11 letters or digits, or a phone number');
  return {
    smsUrl: url(env, 'SMS_URL', null, ['smpp', 'ssmpp', 'http', 'https']),
    smsFrom: from,
    smsDailyCap: count(env, 'SMS_DAILY_CAP', 10_000, 10_000_000),
    smsCandidateDailyCap: count(env, 'SMS_CANDIDATE_DAILY_CAP', 3, 1000),
    smsCallbackKey: env.SMS_CALLBACK_KEY || null,
  };
}

/**
 * PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST. Never under OWASP's least argon2id cost
 * (19 MiB, 2 passes), except with NODE_ENV=test, where the suite hashes at argon2's least (1 MiB, 1 pass).
 */
function passwordHashCost(env: Env, nodeEnv: string): PasswordHashCost {
  const least = nodeEnv === 'test' ? { memoryKib: 1024, timeCost: 1 } : { memoryKib: 19_456, timeCost: 2 };
  return {
    memoryKib: integerIn(
      env,
      'PASSWORD_HASH_MEMORY_KIB',
      DEFAULT_PASSWORD_HASH_COST.memoryKib,
      least.memoryKib,
      4_194_304,
    ),
    timeCost: integerIn(
      env,
      'PASSWORD_HASH_TIME_COST',
      DEFAULT_PASSWORD_HASH_COST.timeCost,
      least.timeCost,
      100,
    ),
  };
}

export function loadConfig(env: Env = process.env): Config {
  if (env === process.env && existsSync('.env')) dotenv.config({ quiet: true });
  const nodeEnv = env.NODE_ENV || 'development';
  // Unset: '' here, and the processes share a secret generated into the database (lib/jwt-secret.ts).
  const jwtSecret = env.JWT_SECRET || '';
  if (jwtSecret && jwtSecret.length < 32)
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  const oauthSigningKey = env.OAUTH_SIGNING_KEY || '';
  if (oauthSigningKey && !isPrivateJwk(oauthSigningKey))
    throw new ConfigError('OAUTH_SIGNING_KEY must be a private JWK (JSON with kty EC or RSA and its "d")');
  const jobsStore = (env.JOBS_STORE || 'mysql').toLowerCase();
  if (jobsStore !== 'mysql' && jobsStore !== 'mongodb')
    throw new ConfigError('JOBS_STORE must be mysql or mongodb');
  const mongodbUrl = url(env, 'MONGODB_URL', null, ['mongodb', 'mongodb+srv']);
  const jobsTimezone = timeZone(env, 'JOBS_TIMEZONE', 'Africa/Douala');
  if (jobsStore === 'mongodb' && !mongodbUrl)
    throw new ConfigError('MONGODB_URL is required when JOBS_STORE=mongodb');
  const port = int(env, 'PORT', 3000);
  const host = env.HOST || '127.0.0.1';
  return {
    nodeEnv,
    databaseUrl: url(env, 'DATABASE_URL', 'mysql://root@127.0.0.1:3306/recrutement', ['mysql', 'mariadb'])!,
    port,
    host,
    publicUrl: url(env, 'PUBLIC_URL', defaultPublicUrl(host, port), ['http', 'https'])!,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    frontendUrl: url(env, 'FRONTEND_URL', null, ['http', 'https']),
    jwtSecret,
    oauthSigningKey,
    smtpUrl: url(env, 'SMTP_URL', null, ['smtp', 'smtps']),
    mailFrom: mailbox(env, 'MAIL_FROM', 'Recrutement <no-reply@localhost>')!,
    mailReplyTo: mailbox(env, 'MAIL_REPLY_TO', null),
    mailDir: env.MAIL_DIR || 'var/mail',
    uploadDir: env.UPLOAD_DIR || 'var/uploads',
    storage: storageConfig(env),
    // On whatever NODE_ENV says: a deployment that forgets NODE_ENV (then 'development') must not
    // be open to password guessing. Only an explicit false turns it off, and the start line warns.
    rateLimitEnabled: bool(env, 'RATE_LIMIT_ENABLED', true),
    trustedProxies: list(env, 'TRUSTED_PROXIES', ['127.0.0.0/8', '::1']),
    cloudflare: bool(env, 'CLOUDFLARE', false),
    internalNetworks: list(env, 'INTERNAL_NETWORKS', []),
    webhooksEnabled: bool(env, 'WEBHOOKS_ENABLED', true),
    webhooksAllowPrivate: bool(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    jobsStore,
    mongodbUrl,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    logLevel: logLevel(env),
    logFormat: logFormat(env),
    corsOrigins: list(env, 'CORS_ORIGINS', ['*']),
    alertsCron: env.ALERTS_CRON || '0 6 * * *',
    alertsTimezone: timeZone(env, 'ALERTS_TIMEZONE', jobsTimezone),
    jobsTimezone,
    searchPollMs: searchPollMs(env),
    searchKeptAnswerMs: searchKeptAnswerMs(env),
    sitemapPageSize: sitemapPageSize(env),
    searchSyncOnRead: bool(env, 'SEARCH_SYNC_ON_READ', false),
    cacheSyncOnRead: bool(env, 'CACHE_SYNC_ON_READ', false),
    answerReplayMs: answerReplayMs(env),
    privacyRetentionMonths: privacyRetentionMonths(env),
    trustReportsToHide: trustReportsToHide(env),
    ...smsConfig(env),
    passwordHashCost: passwordHashCost(env, nodeEnv),
  };
}

/** Whether a text is a private JWK this platform can sign ID tokens with. */
function isPrivateJwk(text: string): boolean {
  try {
    const jwk = JSON.parse(text) as { kty?: unknown; d?: unknown };
    return (jwk.kty === 'EC' || jwk.kty === 'RSA') && typeof jwk.d === 'string';
  } catch {
    return false;
  }
}
