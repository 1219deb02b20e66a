import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the stand-in received it, decoded. */
export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP conversation. */
  envelope: { from: string; to: string[] };
  /** The user the client signed in as (AUTH), or null. */
  user: string | null;
  /** Header names in lower case, values unfolded and decoded (=?UTF-8?B?…?=). */
  headers: Record<string, string>;
  subject: string;
  /** The text body, decoded (base64 or quoted-printable). */
  text: string;
  raw: string;
}

export interface SmtpStandIn {
  port: number;
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** Stops listening: connections are refused, as with a server that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Answers the next `n` messages with 451 (a temporary failure) instead of taking them. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = encoding?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Headers and text of a single-part message (what nodemailer sends for a text mail). */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const text = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n');
  return { headers, subject: headers.subject ?? '', text };
}

/**
 * A local SMTP server in place of the operator's mail server (smtp-server): it takes AUTH PLAIN/LOGIN
 * over a plain connection (mugen / secret), records every message, and plays a server that is down
 * (connections refused) or refuses messages for a while (451).
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const make = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mugen' && auth.password === 'secret') return callback(null, { user: auth.username });
        callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (refusals > 0) {
            refusals--;
            const err = new Error('Requested action aborted: try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            user: typeof session.user === 'string' ? session.user : null,
            raw,
            ...parseMail(raw),
          });
          callback();
        });
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen(0);
  const port = (server.server.address() as AddressInfo).port;
  let listening = true;
  return {
    port,
    url: `smtp://mugen:secret@127.0.0.1:${port}`,
    received,
    async down() {
      if (!listening) return;
      listening = false;
      await stop();
    },
    async up() {
      if (listening) return;
      server = make();
      await listen(port);
      listening = true;
    },
    refuseNext(n) {
      refusals = n;
    },
    async close() {
      if (listening) await stop();
      listening = false;
    },
  };
}
