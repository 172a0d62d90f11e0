import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy to Postgres that can refuse everything (and cut what is open) on demand. */
export class CuttableProxy {
  private server!: Server;
  private sockets = new Set<Socket>();
  private cut = false;
  port = 0;
  /** where Postgres really is (set before the first connection) */
  target = { host: '127.0.0.1', port: 5432 };

  async start() {
    this.server = createServer((client) => {
      if (this.cut) return void client.destroy();
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }

  down() {
    this.cut = true;
    for (const s of this.sockets) s.destroy();
  }

  up() {
    this.cut = false;
  }

  async close() {
    this.down();
    await new Promise((r) => this.server.close(r));
  }
}

/** The same database URL, reached through the proxy (whose target it sets). */
export function throughProxy(proxy: CuttableProxy, real: string): string {
  const u = new URL(real);
  proxy.target = { host: u.hostname, port: Number(u.port || 5432) };
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
