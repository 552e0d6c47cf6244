/** A Koa app as a node:http request listener. */
import type http from 'node:http';
import type Koa from 'koa';

/**
 * Koa settles every request itself (errors go to ctx.onerror and are answered), so the promise of
 * its handler never rejects and node:http has nothing to await: it is dropped on purpose.
 */
export function nodeListener(app: Koa): http.RequestListener {
  const handle = app.callback();
  return (req, res) => void handle(req, res);
}
