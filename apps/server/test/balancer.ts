import { createServer, request as httpRequest, type Server } from 'node:http';

/**
 * A load balancer on loopback, as a deployment puts in front of the instances: round robin over
 * the upstreams whose health check (`GET /api/health`, every `checkEveryMs`) last answered 200. It
 * never retries a request elsewhere, so a request sent to an instance that is going away is lost
 * and the test sees it.
 */
export interface Balancer {
  port: number;
  url: string;
  /** Replaces the upstreams (a restarted instance comes back on another port). */
  setUpstreams(urls: string[]): void;
  /** The upstreams judged healthy now. */
  healthy(): string[];
  close(): Promise<void>;
}

export async function startBalancer(upstreams: string[], checkEveryMs = 100): Promise<Balancer> {
  let all = [...upstreams];
  let healthy = new Set<string>();
  let turn = 0;

  const check = async () => {
    const results = await Promise.all(
      all.map(async (url) => {
        try {
          const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
          await answer.arrayBuffer();
          return answer.ok ? url : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    healthy = new Set(results.filter((url): url is string => Boolean(url)));
  };
  await check();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, checkEveryMs);

  const server: Server = createServer((incoming, outgoing) => {
    const choices = all.filter((url) => healthy.has(url));
    if (choices.length === 0) {
      outgoing.writeHead(502).end('no healthy upstream');
      return;
    }
    const target = new URL(choices[turn++ % choices.length]!);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'x-balancer-error': error.message }).end();
      else outgoing.destroy();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setUpstreams(urls) {
      all = [...urls];
    },
    healthy: () => [...healthy],
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
