import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a fault test can cut and restore (issue 20 §1): cut drops every
 * open connection and stops listening, so new ones are refused, as a server that went away looks
 * to its clients; restore listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server = createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const cut = () => {
    if (isCut) return;
    isCut = true;
    server.close();
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port,
    cut,
    restore() {
      if (!isCut) return;
      isCut = false;
      server.listen(port, '127.0.0.1');
    },
    async close() {
      cut();
    },
  };
}
