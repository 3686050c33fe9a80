import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request from this machine itself: the socket's peer is a loopback address and no proxy
 * forwarded it (a reverse proxy on the same host would otherwise make every visitor "local").
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  const h = req.headers;
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}
