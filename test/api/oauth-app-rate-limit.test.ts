/**
 * Calls made with an integration app's OAuth token are counted per app as well as per client
 * address: one app's calls from two addresses share the app's limit (the standard category, 120 a
 * minute), while another app, and the addresses themselves, keep their own counts. Clients are
 * named with CF-Connecting-IP (behind Cloudflare); the test's own calls to set things up come from
 * loopback, made an internal network here so they count for no one.
 */
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { createRecruteur } from '../helpers/factories.ts';
import { clientConfig, registerApp, startOAuthServer, type OAuthTestServer } from '../helpers/oauth.ts';
import { expect429, freshIp, limited } from '../helpers/rate-limit-probe.ts';
import { RATE_POLICY } from '../../api/rate-limit/policy.ts';

describe('OAuth: rate limits per app as well as per address', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;
  const { points, windowSec } = RATE_POLICY.categories.standard;
  const PATH = '/v1/api/recruiters/company';

  before(async () => {
    srv = await startOAuthServer({ config: { ...limited, internalNetworks: ['127.0.0.0/8', '::1'] } });
  });
  after(() => srv.close());

  async function appToken(): Promise<string> {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { scopes: ['company:read'], redirectUris: [] });
    const tokens = await oidc.clientCredentialsGrant(await clientConfig(srv, app), { scope: 'company:read' });
    return tokens.access_token;
  }

  const call = (token: string | null, ip: string) => {
    const req = srv.request.get(PATH).set('CF-Connecting-IP', ip);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  it("limits one app's calls from two addresses together, and leaves another app and the addresses alone", async () => {
    const [first, second] = [await appToken(), await appToken()];
    const [a, b, c] = [freshIp(), freshIp(), freshIp()];
    const half = points / 2;
    for (let i = 0; i < half; i++) expect((await call(first, a)).status).to.equal(200);
    for (let i = 0; i < half - 1; i++) expect((await call(first, b)).status).to.equal(200);
    // The headers tell the tighter count: the app's, not the second address's.
    const last = await call(first, b);
    expect(last.status).to.equal(200);
    expect(last.headers['x-ratelimit-limit']).to.equal(String(points));
    expect(last.headers['x-ratelimit-remaining']).to.equal('0');

    // A third address, fresh as an address, is refused for the app: the bare 429 with Retry-After.
    const refused = await call(first, c);
    expect429(refused, points, PATH, windowSec);
    expect(refused.body.message).to.match(/^Rate limit exceeded/);
    expect((await call(first, a)).status).to.equal(429);

    // Another app, from an address the first app used, is not affected: the headers now tell the
    // address's count (its calls for the first app, refused ones included, and this one).
    const other = await call(second, a);
    expect(other.status).to.equal(200);
    expect(other.headers['x-ratelimit-remaining']).to.equal(String(points - half - 2));
    // Nor is the third address, without a token: one call of its own so far.
    const anonymous = await srv.request.get('/v1/api/regions').set('CF-Connecting-IP', c).expect(200);
    expect(anonymous.headers['x-ratelimit-remaining']).to.equal(String(points - 2));
  });
});
