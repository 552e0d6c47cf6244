/**
 * A TCP proxy (node:net) between the application and MariaDB, to cut the database away from one
 * process without touching the shared server: `cut()` destroys every open connection and refuses
 * new ones (accepted then closed at once, as a server going down would), `restore()` lets them
 * through again. The listening port stays the same, so the application's DATABASE_URL never changes.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private down = false;
  /** Connections accepted while cut (each closed at once). */
  refused = 0;
  /** Connections passed through to the target. */
  forwarded = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<this> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  get isCut(): boolean {
    return this.down;
  }

  /** The database goes away: open connections die mid-flight, new ones are closed on arrival. */
  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.down = false;
  }

  async stop(): Promise<void> {
    this.cut();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.down) {
      this.refused += 1;
      client.destroy();
      return;
    }
    this.forwarded += 1;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
