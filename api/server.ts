/**
 * The only place that listens. Stops gracefully: on SIGTERM/SIGINT it stops accepting
 * connections, lets in-flight requests finish (up to a grace period), writes the rate-limit counts
 * it holds back, then the caller closes the pool.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { withJwtSecret } from '../lib/jwt-secret.ts';
import { answerClientErrorsInJson } from './http/client-errors.ts';
import { nodeListener } from './http/node-listener.ts';

export interface RunningServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export const SHUTDOWN_GRACE_MS = 10_000;

/** Said at start when RATE_LIMIT_ENABLED=false, so an API open to password guessing is never silent. */
export const RATE_LIMIT_OFF_WARNING = 'rate limiting is OFF (RATE_LIMIT_ENABLED=false): no client is limited';

export async function startServer(
  deps: AppDeps,
  port = deps.config.port,
  host = deps.config.host,
): Promise<RunningServer> {
  deps = { ...deps, config: await withJwtSecret(deps.db, deps.config) };
  const built = createApp(deps);
  const { app } = built;
  // Built in the background: /ready answers 503 until the index is built; searches wait for it.
  deps.search.start().catch((err: unknown) => deps.logger.error({ err }, 'search index build failed'));
  const server = http.createServer(nodeListener(app));
  server.keepAliveTimeout = 5_000;
  answerClientErrorsInJson(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  deps.logger.info({ url }, 'api listening');
  if (!deps.config.rateLimitEnabled) deps.logger.warn({ url }, RATE_LIMIT_OFF_WARNING);
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      server.close(() => {
        clearTimeout(timer);
        deps.search.stop();
        built
          .writeHeldBackCounts()
          .catch((err: unknown) => deps.logger.error({ err }, 'rate-limit counts not written at shutdown'))
          .finally(resolve);
      });
      server.closeIdleConnections();
    }));
  return { url, server, close };
}
