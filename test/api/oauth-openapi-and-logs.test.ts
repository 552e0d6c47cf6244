/**
 * The OpenAPI document's `oauth2` scheme (both flows, each operation's scopes), and no secret of
 * the flows in the logs: tokens, codes, client secrets and passwords never reach a log line.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { createLogger } from '../../lib/logger.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { agent } from '../helpers/app.ts';
import { codeFlow, registerApp, startOAuthServer } from '../helpers/oauth.ts';

describe('OAuth: OpenAPI scheme and logs', function () {
  this.timeout(120_000);

  it('documents the oauth2 scheme with both flows and each operation’s scopes', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const scheme = doc.components.securitySchemes.oauth2;
    expect(scheme.type).to.equal('oauth2');
    expect(scheme.flows.authorizationCode.authorizationUrl).to.match(/\/oauth\/auth$/);
    expect(scheme.flows.authorizationCode.tokenUrl).to.match(/\/oauth\/token$/);
    expect(scheme.flows.clientCredentials.tokenUrl).to.match(/\/oauth\/token$/);
    expect(Object.keys(scheme.flows.clientCredentials.scopes)).to.have.members([
      'offres:read',
      'offres:write',
      'candidatures:read',
      'candidatures:write',
      'viviers:read',
      'viviers:write',
      'webhooks:manage',
      'company:read',
    ]);
    const security = (path: string, method: string) =>
      doc.paths[`/v1/api${path}`][method].security as object[];
    expect(security('/recruiters/me/offres', 'get')).to.deep.include({ oauth2: ['offres:read'] });
    expect(security('/offres/{offreId}/publish', 'post')).to.deep.include({ oauth2: ['offres:write'] });
    expect(security('/webhooks/subscriptions', 'post')).to.deep.include({ oauth2: ['webhooks:manage'] });
    expect(JSON.stringify(security('/admin/integrations/apps', 'get'))).to.not.contain('oauth2');
    expect(JSON.stringify(security('/integrations/apps', 'post'))).to.not.contain('oauth2');
  });

  it('writes no token, code, client secret or password to the logs', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const srv = await startOAuthServer({ logger: createLogger('debug', sink) });
    try {
      const owner = await createRecruteur();
      const app = await registerApp(srv, owner);
      const { config, tokens } = await codeFlow(srv, app, owner);
      const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      const cc = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
      await srv.request.get('/v1/api/recruiters/me/offres').set('Authorization', `Bearer ${cc.access_token}`);
      await srv.request.post('/v1/api/offres').set('Authorization', `Bearer ${cc.access_token}`).send({});
      await oidc.tokenRevocation(config, renewed.refresh_token!);
      const log = lines.join('');
      expect(log).to.contain('/oauth/');
      for (const secret of [
        tokens.access_token,
        tokens.refresh_token!,
        tokens.id_token!,
        renewed.access_token,
        renewed.refresh_token!,
        cc.access_token,
        app.clientSecret!,
        owner.password,
      ])
        expect(log).to.not.contain(secret);
      expect(log).to.not.match(/[?&]code=/);
    } finally {
      await srv.close();
    }
  });
});
