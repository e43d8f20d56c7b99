import { Agent, createServer, request } from 'node:http';

/**
 * A small round-robin reverse proxy on loopback (node:http): each request goes to the next backend
 * (argv: port, then backend base URLs). GET /__proxy/stats answers how many requests each one got.
 */
const [portArg, ...backends] = process.argv.slice(2);
if (!portArg || backends.length === 0) throw new Error('usage: proxy-server.ts <port> <backend>…');
const targets = backends.map((b) => new URL(b));
const counts = targets.map(() => 0);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

createServer((req, res) => {
  if (req.url === '/__proxy/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ backends, counts }));
    return;
  }
  const i = next;
  next = (next + 1) % targets.length;
  counts[i] = (counts[i] ?? 0) + 1;
  const target = targets[i]!;
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
      agent,
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}).listen(Number(portArg), '127.0.0.1');
