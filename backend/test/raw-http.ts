import { connect } from 'node:net';

/**
 * One HTTP/1.1 request written byte for byte on its own socket, for what `app.inject` cannot send: a body
 * shorter than its Content-Length, chunks that never end, bytes a client library would refuse to write.
 */
export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /**
   * Send only the first `at` bytes of the body, then close our side: with `length`, after announcing the
   * whole body's Content-Length; with `chunked`, as chunks without the last (zero) one.
   */
  cut?: { at: number; framing: 'length' | 'chunked' };
}

export type RawAnswer =
  | { status: number; headers: Record<string, string>; body: string }
  | { noAnswer: string };

export function sendRaw(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const body = request.body ?? Buffer.alloc(0);
  const cut = request.cut;
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...request.headers,
  };
  if (cut?.framing === 'chunked') headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] ??= String(body.length);
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  let sent: Buffer;
  if (!cut) sent = body;
  else if (cut.framing === 'length') sent = body.subarray(0, cut.at);
  else {
    const part = body.subarray(0, cut.at);
    sent = Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]);
  }

  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const settle = (why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseResponse(Buffer.concat(received));
      resolve(answer ?? { noAnswer: why ?? 'connection closed without an answer' });
    };
    const timer = setTimeout(() => settle(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (chunk) => {
      received.push(chunk);
      // Complete as soon as the whole answer is in, whether or not the server closes the connection.
      if (isComplete(Buffer.concat(received))) settle();
    });
    socket.on('end', () => settle());
    socket.on('close', () => settle());
    // A server that answers before reading the whole body (413) may reset the socket under our write.
    socket.on('error', (err) => settle(`socket error: ${err.message}`));
    socket.on('connect', () => {
      socket.write(head);
      socket.write(sent);
      if (cut) socket.end();
    });
  });
}

function splitHead(bytes: Buffer) {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status, headers, rest: bytes.subarray(end + 4) };
}

function isComplete(bytes: Buffer) {
  const head = splitHead(bytes);
  if (!head) return false;
  if (head.headers['transfer-encoding']?.includes('chunked')) return head.rest.includes('\r\n0\r\n\r\n');
  const length = head.headers['content-length'];
  return length !== undefined && head.rest.length >= Number(length);
}

function parseResponse(bytes: Buffer): RawAnswer | null {
  const head = splitHead(bytes);
  if (!head) return null;
  let body = head.rest;
  if (head.headers['transfer-encoding']?.includes('chunked')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) break;
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: head.status, headers: head.headers, body: body.toString('utf8') };
}
