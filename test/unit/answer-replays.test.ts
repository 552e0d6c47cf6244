/**
 * AnswerReplays (unit): which requests may be replayed and under which key, which answers are
 * recorded and with which headers, and for how long.
 */
import { expect } from 'chai';
import type Koa from 'koa';
import { AnswerReplays, markReplayable } from '../../api/http/answer-replays.ts';

/** The parts of a Koa context that recording reads: status, body, state and the response's headers. */
function answered(headers: Record<string, string>, body = '{"ok":true}', status = 200): Koa.Context {
  const koa = {
    status,
    body,
    state: {},
    res: {
      getRawHeaderNames: () => Object.keys(headers),
      getHeader: (name: string) =>
        Object.entries(headers).find(([spelled]) => spelled.toLowerCase() === name)?.[1],
    },
  } as unknown as Koa.Context;
  markReplayable(koa, { sent: body, bytes: body, timestamped: false });
  return koa;
}

const PUBLIC = {
  'X-Request-Id': 'a',
  'Cache-Control': 'public, max-age=60',
  'X-RateLimit-Remaining': '7',
  ETag: 'W/"1"',
};

describe('AnswerReplays (unit)', () => {
  it('keys a GET by URL, Host, Accept, Accept-Encoding, Accept-Language and Origin; refuses any other header', () => {
    const key = (headers: Record<string, string>, method = 'GET') =>
      AnswerReplays.keyOf(method, '/v1/api/regions', headers);
    const plain = key({ host: 'api', 'x-forwarded-for': '198.51.100.1', 'user-agent': 'curl' });
    expect(plain).to.be.a('string');
    expect(key({ host: 'api', 'x-forwarded-for': '198.51.100.2', 'user-agent': 'other' })).to.equal(plain);
    expect(key({ host: 'api', 'accept-language': 'en' })).to.not.equal(plain);
    expect(key({ host: 'api', origin: 'https://a.example' })).to.not.equal(plain);
    for (const other of [
      'authorization',
      'cookie',
      'if-none-match',
      'if-modified-since',
      'content-length',
      'range',
    ])
      expect(key({ host: 'api', [other]: 'x' }), other).to.equal(null);
    expect(key({ host: 'api' }, 'HEAD')).to.equal(null);
    expect(key({ host: 'api' }, 'POST')).to.equal(null);
  });

  it('records a marked public 200 without the request’s own headers, and nothing else', () => {
    const replays = new AnswerReplays(1000);
    replays.record('k', answered(PUBLIC), 'standard');
    expect(replays.get('k')).to.deep.include({
      status: 200,
      headers: ['Cache-Control', 'public, max-age=60', 'ETag', 'W/"1"'],
      category: 'standard',
    });
    const refused: [string, Koa.Context][] = [
      ['private', answered({ ...PUBLIC, 'Cache-Control': 'private, no-cache' })],
      ['no cache-control', answered({ ETag: 'W/"1"' })],
      ['deflated', answered({ ...PUBLIC, 'Content-Encoding': 'deflate' })],
      ['cookie', answered({ ...PUBLIC, 'Set-Cookie': 'a=b' })],
      ['404', answered(PUBLIC, '{}', 404)],
    ];
    for (const [why, koa] of refused) {
      replays.record(why, koa, null);
      expect(replays.get(why), why).to.equal(undefined);
    }
    // A body changed after its sender marked it (another representation) is not the marked answer.
    const changed = answered(PUBLIC);
    changed.body = '<xml/>';
    replays.record('changed', changed, null);
    expect(replays.get('changed')).to.equal(undefined);
  });

  it('records how the routes compressed the answer, to compress its replays the same way', () => {
    const replays = new AnswerReplays(1000);
    const compressed = answered({ ...PUBLIC, 'Content-Encoding': 'br' });
    // The compression middleware sent a stream and kept what the route sent.
    compressed.state.uncompressedBody = compressed.body;
    compressed.body = { pipe: () => undefined };
    replays.record('k', compressed, null);
    expect(replays.get('k')).to.deep.include({ encoding: 'br' });
    expect(replays.get('k')!.headers).to.include('Content-Encoding');
  });

  it('replays for keepMs, forgets everything on clear, and records nothing with keepMs 0', () => {
    let now = 0;
    const replays = new AnswerReplays(200, () => now);
    replays.record('k', answered(PUBLIC), null);
    now = 199;
    expect(replays.get('k')).to.not.equal(undefined);
    now = 200;
    expect(replays.get('k')).to.equal(undefined);
    expect(replays.size).to.equal(0);
    replays.record('k', answered(PUBLIC), null);
    replays.clear();
    expect(replays.get('k')).to.equal(undefined);
    const off = new AnswerReplays(0);
    off.record('k', answered(PUBLIC), null);
    expect(off.enabled).to.equal(false);
    expect(off.size).to.equal(0);
  });
});
