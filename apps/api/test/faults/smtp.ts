import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The X-Fantasy-Cricket-Outbox-Id header: which email_outbox row this is. */
  outboxId: number | null;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the tests: it keeps what it
 * receives, can be stopped and started again on the same port (the mail server going away and
 * coming back), and in `busy` mode answers every connection with 421 (reachable but refusing).
 */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  mode: 'accept' | 'busy' = 'accept';
  connections = 0;
  private server: SMTPServer | undefined;

  private constructor(public port: number) {}

  static async start(port = 0): Promise<TestSmtp> {
    const smtp = new TestSmtp(port);
    await smtp.start();
    return smtp;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        this.connections += 1;
        if (this.mode === 'busy') {
          const busy = Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
          return callback(busy);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const id = /^X-Fantasy-Cricket-Outbox-Id: (\d+)$/im.exec(raw)?.[1];
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            outboxId: id ? Number(id) : null,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops open connections: the port refuses connections until `start()`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
