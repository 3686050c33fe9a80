// Preloaded into the bench's servers by `--mixed-bare` (node --import): one address (/__bench-bare)
// answered by Node's own HTTP server before the store's framework sees the request, so the
// mixed-load turns can tell a slowdown in the store's request path from one beneath it (Node, V8,
// the process's memory).
import http from 'node:http';

const create = http.createServer;
http.createServer = function (this: unknown, ...args: unknown[]) {
  const handler = args.at(-1);
  if (typeof handler !== 'function') return create.apply(this, args as []);
  return create.apply(this, [
    ...args.slice(0, -1),
    (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url !== '/__bench-bare') return (handler as http.RequestListener)(req, res);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 });
      res.end('{"ok":true}');
    },
  ] as []);
} as typeof http.createServer;
