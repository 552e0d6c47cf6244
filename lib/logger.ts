/** JSON logs on stdout (pino). Authorization headers, cookies, passwords and tokens are redacted. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
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
    destination,
  );
}
