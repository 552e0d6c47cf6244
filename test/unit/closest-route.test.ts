/** The route a 404's details suggest for an unknown path (api/http/closest-route.ts). */
import { expect } from 'chai';
import { closestRoute } from '../../api/http/closest-route.ts';

const suggest = closestRoute('/v1/api', [
  { method: 'get', path: '/offres/{offreId}' },
  { method: 'get', path: '/offres/search' },
  { method: 'post', path: '/candidatures' },
  { method: 'get', path: '/regions' },
]);

describe('The route meant by an unknown path (unit)', () => {
  it('names the documented route one or two typing mistakes away, with the same method', () => {
    expect(suggest('GET', '/v1/api/offre/12')).to.equal('GET /v1/api/offres/{offreId}');
    expect(suggest('GET', '/v1/api/offre/search')).to.equal('GET /v1/api/offres/search');
    expect(suggest('POST', '/v1/api/candidature')).to.equal('POST /v1/api/candidatures');
    expect(suggest('GET', '/v1/api/Regions')).to.equal('GET /v1/api/regions');
  });

  it('guesses nothing far, under another method, another prefix or another number of segments', () => {
    expect(suggest('GET', '/v1/api/entreprises')).to.equal(null);
    expect(suggest('GET', '/v1/api/candidature')).to.equal(null);
    expect(suggest('GET', '/v2/api/offre/12')).to.equal(null);
    expect(suggest('GET', '/v1/api/offre/12/x')).to.equal(null);
    expect(suggest('GET', `/v1/api/${'x'.repeat(10_000)}`)).to.equal(null);
  });
});
