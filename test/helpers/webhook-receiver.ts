/**
 * A real local HTTP server standing in for an integrator's webhook endpoint: listens on
 * 127.0.0.1:0, records every request (headers and raw body), and answers what the test scripted:
 * a status code (200, 4xx, 500...) or 'hang' (never answers, to exercise the time-out).
 * Answers are taken from a queue, then the default answer applies.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A status, a status with headers (e.g. Retry-After), or 'hang' (never answer). */
export type ReceiverAnswer = number | { status: number; headers: Record<string, string> } | 'hang';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  json: {
    id: string;
    type: string;
    createdAt: string;
    data: Record<string, unknown>;
    deliveryAttempt: number;
  };
  answer: ReceiverAnswer;
  /** When the request's body was read (Date.now(), real time). */
  receivedAt: number;
}

export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private queue: ReceiverAnswer[] = [];
  private fallback: ReceiverAnswer = 200;
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (req, res) => receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The next answers, in order; afterwards the default one. */
  respondWith(...answers: ReceiverAnswer[]): this {
    this.queue.push(...answers);
    return this;
  }

  respondByDefault(answer: ReceiverAnswer): this {
    this.fallback = answer;
    return this;
  }

  /** Requests carrying this event id (other tests' events may reach an admin endpoint too). */
  forEvent(eventId: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.json?.id === eventId);
  }

  async waitForRequests(count: number, timeoutMs = 5000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline)
        throw new Error(`receiver got ${this.requests.length} request(s), expected ${count}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const answer = this.queue.length ? this.queue.shift()! : this.fallback;
      let json: ReceivedRequest['json'];
      try {
        json = JSON.parse(rawBody) as ReceivedRequest['json'];
      } catch {
        json = null as unknown as ReceivedRequest['json'];
      }
      this.requests.push({
        receivedAt: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        json,
        answer,
      });
      for (const wake of this.waiters.splice(0)) wake();
      if (answer === 'hang') return;
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify({ received: status < 300 }));
    });
  }
}

/**
 * Verifies X-Service-Signature as an integrator would: recompute the HMAC with
 * the secret over "<t>.<raw body>", compare in constant time, refuse a timestamp more than 300 s
 * away from now.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
