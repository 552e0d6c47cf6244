/**
 * JSON logs (pino), one object per line; `pretty` renders them for a human with pino-pretty
 * (LOG_FORMAT=pretty or the CLI's --pretty). Authorization headers, cookies, passwords and tokens
 * are redacted.
 */
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  format?: LogFormat;
  /** A file descriptor (1 stdout, 2 stderr) for the pretty renderer; JSON goes to `destination`. */
  fd?: 1 | 2;
}

/** pino-pretty in this thread (not a transport worker), so no line is lost when a command exits. */
function prettyStream(fd: 1 | 2): pino.DestinationStream {
  // Loaded only when asked for: JSON logging, the default, never pays for it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (opts: object) => pino.DestinationStream;
  return pretty({
    sync: true,
    destination: fd,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
}

export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  opts: LoggerOptions = {},
): Logger {
  const fd = opts.fd ?? 1;
  const stream =
    opts.format === 'pretty'
      ? prettyStream(fd)
      : (destination ?? (fd === 2 ? pino.destination(2) : undefined));
  return pino(
    {
      level,
      base: { service: 'recrutement' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.newPassword',
          '*.token',
          '*.refreshToken',
          '*.accessToken',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    stream,
  );
}
