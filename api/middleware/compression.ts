/**
 * Answers over 1 KB are compressed as the client asks (`Accept-Encoding`), with `Vary:
 * Accept-Encoding`: brotli at quality 4, else gzip. Quality 4 was chosen by measuring a search page
 * of 20 offers (24 KB of JSON): brotli 4 made it 617 bytes in 83 µs, gzip 6 816 bytes in 139 µs,
 * brotli 11 569 bytes but in 4.5 ms (too much CPU at 32 concurrent searches for 8% fewer bytes).
 * zstd is off: Node 20's zlib has no zstd.
 */
import zlib from 'node:zlib';
import compress from 'koa-compress';
import type Koa from 'koa';

const BROTLI: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP: zlib.ZlibOptions = { level: 6 };

/** The encodings answers are compressed with. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Compresses as above. An answer it compressed keeps its body as it was before in
 * `state.uncompressedBody`, so a replay (api/http/answer-replays.ts) can tell that compression was
 * the only change made to what the route sent.
 */
export function compression(): Koa.Middleware {
  const compressing = compress({ threshold: 1024, br: BROTLI, gzip: GZIP, deflate: false, zstd: false });
  return async (ctx, next) => {
    let before: unknown;
    await compressing(ctx, async () => {
      await next();
      before = ctx.body;
    });
    if (ctx.body !== before && ctx.response.get('Content-Encoding')) ctx.state.uncompressedBody = before;
  };
}

/** The same compression in one call, for an answer sent again without the middleware (replays). */
export function compressedAs(encoding: ContentEncoding, body: Buffer | string): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body, GZIP);
}
