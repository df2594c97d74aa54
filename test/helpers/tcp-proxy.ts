import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests). `close()` stops listening and cuts every open
 * connection, as a database that goes away does: queries in flight fail, new connections are refused. `open()`
 * listens again on the same port, as the database coming back.
 */
export type TcpProxy = {
  port: number;
  /** Connections accepted so far (to check that the application reconnected). */
  accepted: () => number;
  /**
   * The local ports of the open connections to the target: PostgreSQL's `pg_stat_activity.client_port` of the
   * sessions opened through this proxy, so a test can terminate exactly those and no other test's.
   */
  upstreamPorts: () => number[];
  close: () => Promise<void>;
  open: () => Promise<void>;
};

/**
 * `cutAfterClientBytes`: once clients have sent this many bytes in all, the proxy closes by itself, once, in the
 * middle of whatever transfer carried the last of them (a store that goes away mid-upload); `open()` brings it back.
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  options: { cutAfterClientBytes?: number } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let accepted = 0;
  let clientBytes = 0;
  let cut = false;
  const server = net.createServer((client) => {
    accepted++;
    client.on('data', (chunk: Buffer) => {
      clientBytes += chunk.length;
      if (options.cutAfterClientBytes !== undefined && clientBytes >= options.cutAfterClientBytes && !cut) {
        cut = true;
        void proxy.close();
      }
    });
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    upstreams.add(upstream);
    const drop = () => {
      upstreams.delete(upstream);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const proxy: TcpProxy = {
    port,
    accepted: () => accepted,
    upstreamPorts: () => [...upstreams].map((socket) => socket.localPort).filter((port) => port !== undefined),
    close: async () => {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      upstreams.clear();
      await closed;
    },
    open: async () => {
      if (!server.listening) await listen(port);
    },
  };
  return proxy;
}
