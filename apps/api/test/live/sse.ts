import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../helpers';

/** Server-Sent Events read over a real connection (the live tests). */
export interface Sse {
  events: { id: number; event: string; data: { EventID: number; Type: string } & Record<string, unknown> }[];
  comments: string[];
  res: IncomingMessage;
  close(): void;
}

/** Opens an event stream over a real connection and collects what arrives. */
export async function openStream(
  app: TestApp,
  path: string,
  cookies: Map<string, string>,
  headers: Record<string, string> = {},
): Promise<Sse> {
  if (!app.app.server.listening) await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          accept: 'text/event-stream',
          ...headers,
        },
      },
      (res) => {
        const out: Sse = { events: [], comments: [], res, close: () => req.destroy() };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let i = buffer.indexOf('\n\n');
          while (i >= 0) {
            const frame = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            const fields = Object.fromEntries(
              frame
                .split('\n')
                .filter((line) => !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
            );
            for (const c of frame.split('\n').filter((line) => line.startsWith(':'))) out.comments.push(c);
            if (fields.data)
              out.events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data) });
            i = buffer.indexOf('\n\n');
          }
        });
        resolve(out);
      },
    );
    req.on('error', (e) => {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e);
    });
    req.end();
  });
}
