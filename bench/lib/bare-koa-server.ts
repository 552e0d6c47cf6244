/**
 * The limit of the request path: a bare Koa app, in its own process like the API, answering each
 * path with the very bytes the API answered for it (read from the JSON file named by argv[2]:
 * `{ "<path and query>": { "type": "...", "body": "<base64>" } }`). It prints
 * `bare koa listening on <url>` when ready. Used by bench/lib/bare-koa.ts.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

interface Answer {
  type: string;
  body: string;
}

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Answer>).map(
    ([path, a]) => [path, { type: a.type, body: Buffer.from(a.body, 'base64') }],
  ),
);

const app = new Koa();
app.use((ctx) => {
  const answer = answers.get(ctx.url);
  if (!answer) {
    ctx.status = 404;
    return;
  }
  ctx.type = answer.type;
  ctx.body = answer.body;
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`bare koa listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
