/**
 * Requests Node refuses before Koa sees them (a header or URL over 16 KB, a malformed request
 * line) get the JSON envelope too, instead of Node's plain-text answer. What cannot be answered
 * at all (the connection is already gone or half-written) is only closed.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';

function answer(socket: Duplex, status: number, reason: string, code: string, message: string): void {
  const body = JSON.stringify({
    success: false,
    message,
    data: null,
    error: { code, message, details: '' },
    timestamp: new Date().toISOString(),
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function answerClientErrorsInJson(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    if (err.code === 'HPE_HEADER_OVERFLOW')
      return answer(
        socket,
        431,
        'Request Header Fields Too Large',
        'HEADERS_TOO_LARGE',
        'Request header fields too large',
      );
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    answer(socket, 400, 'Bad Request', 'BAD_REQUEST', 'Malformed HTTP request');
  });
}
