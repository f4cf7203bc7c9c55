import { randomUUID } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

/**
 * Which peers may speak for the client (X-Forwarded-For, X-Request-Id), as Express and Fastify 4
 * took it: `false` trusts none (the app faces the clients); `true` every peer, so any client can
 * make up its address; a hop count, the number of proxies in front (the nearest ones); or the
 * proxies' addresses and CIDRs — the safe setting.
 */
export type TrustProxy = boolean | number | string[];

/**
 * Fastify's `trustProxy` for it. Fastify 5 dropped the hop count (it trusts no peer for one), so
 * a count is given as the function it stood for: the nearest `hops` addresses are proxies.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** Whether the immediate peer is a trusted proxy: Fastify's rule for X-Forwarded-Host and -Proto. */
function trustsPeer(trustProxy: TrustProxy): (address: string) => boolean {
  const trust = fastifyTrustProxy(trustProxy);
  if (typeof trust === 'boolean') return () => trust;
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (address) => trusted(address, 0);
}

/** What a proxy's request id may be: enough for a UUID or a trace id, nothing that could forge a log line. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Request ids unique across instances: a random UUID, or the `X-Request-Id` that a trusted proxy
 * sent, so one request can be followed from the proxy's log to the app's.
 */
export function requestIdGenerator(trustProxy: TrustProxy): NonNullable<FastifyServerOptions['genReqId']> {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    const peer = request.socket.remoteAddress;
    if (typeof given === 'string' && REQUEST_ID.test(given) && peer !== undefined && trusted(peer)) return given;
    return randomUUID();
  };
}
