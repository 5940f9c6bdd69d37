/**
 * The cluster test's SMTP sink: accepts every message on 127.0.0.1:SINK_PORT and appends it, decoded, as one
 * JSON line to SINK_FILE (synchronously, before the 250 answer: a message the portal saw accepted is on disk).
 * Like a real relay it takes a moment (SINK_DELAY_MS before answering each RCPT TO, before any data is sent),
 * so a delivery is in flight long enough for the test to kill the replica making it.
 *   SINK_PORT=55545 SINK_FILE=/tmp/mail.jsonl tsx scripts/cluster/smtp-sink.ts
 */
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  seq: number;
  receivedAt: string;
  /** SMTP envelope: MAIL FROM and RCPT TO. */
  mailFrom: string;
  rcptTo: string[];
  messageId: string;
  subject: string;
  to: string;
  /** The decoded text/html (or text/plain) body. */
  body: string;
  size: number;
}

const port = Number(process.env.SINK_PORT ?? 0);
/** A mail relay is not instant: each RCPT TO is answered after this many milliseconds (SINK_DELAY_MS, default 250). */
const delayMs = Number(process.env.SINK_DELAY_MS ?? 250);
const file = process.env.SINK_FILE ?? '';
if (!file) {
  console.error('smtp-sink: SINK_FILE is required');
  process.exit(2);
}

/** Headers of a MIME entity (unfolded, names lower-cased) and its body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      const name = line.slice(0, i).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(i + 1).trim());
    }
  }
  return { headers, body };
}

function decodeQp(s: string): Buffer {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') return decodeQp(body).toString('utf8');
  return body;
}

/** The first text/html part (else text/plain) of a message, decoded. */
function textOf(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => p.replace(/^\r?\n/, ''));
    const html = parts.find((p) => /^text\/html/i.test(splitEntity(p).headers.get('content-type') ?? ''));
    const chosen = html ?? parts[0] ?? '';
    return textOf(chosen);
  }
  return decodeBody(headers, body);
}

let seq = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 20 * 1024 * 1024,
  onRcptTo(_address, _session, callback) {
    setTimeout(() => callback(), delayMs);
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitEntity(raw);
        const message: SinkMessage = {
          seq: ++seq,
          receivedAt: new Date().toISOString(),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          messageId: headers.get('message-id') ?? '',
          subject: decodeWords(headers.get('subject') ?? ''),
          to: decodeWords(headers.get('to') ?? ''),
          body: textOf(raw),
          size: raw.length,
        };
        fs.appendFileSync(file, `${JSON.stringify(message)}\n`);
        callback();
      } catch (e) {
        callback(Object.assign(new Error(`sink: ${(e as Error).message}`), { responseCode: 451 }));
      }
    });
  },
});
server.on('error', (e) => console.error('smtp-sink error:', e.message));
server.listen(port, '127.0.0.1', () => {
  const addr = server.server.address();
  console.log(`smtp-sink: listening on 127.0.0.1:${typeof addr === 'object' && addr ? addr.port : port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
