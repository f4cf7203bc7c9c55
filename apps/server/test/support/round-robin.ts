import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A round-robin balancer in a few lines: each request to the next instance, the client's address in X-Forwarded-For. */
export function roundRobin(targets: number[]): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const port = targets[next++ % targets.length]!;
    const headers = { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' };
    const upstream = forward(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
}

export const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
