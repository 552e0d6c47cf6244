/**
 * One HTTP exchange on its own connection, counting the bytes that really crossed the socket in
 * both directions (request line, headers and body; answer status line, headers and body as sent,
 * compressed or not): what a phone on metered data pays for, TCP/IP framing aside.
 */
import http from 'node:http';
import zlib from 'node:zlib';

export interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as the client reads it (decompressed). */
  body: Buffer;
  /** Bytes sent by the client plus bytes received, on the socket. */
  bytes: number;
}

function decoded(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  return raw;
}

export function exchange(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Exchange> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const socket = res.socket;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decoded(Buffer.concat(chunks), res.headers['content-encoding']),
            bytes: socket.bytesRead + socket.bytesWritten,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
