import { expect } from 'chai';
import { rateLimitSubject } from '../../api/rate-limit/subject.ts';

describe('rateLimitSubject (unit): who a rate-limit counter or block is about', () => {
  it('an IPv4 address is itself', () => {
    expect(rateLimitSubject('203.0.113.9')).to.equal('203.0.113.9');
  });

  it('an IPv4-mapped IPv6 address is the IPv4 address it carries', () => {
    expect(rateLimitSubject('::ffff:203.0.113.9')).to.equal('203.0.113.9');
    expect(rateLimitSubject('::ffff:cb00:7109')).to.equal('203.0.113.9');
  });

  it('an IPv6 address is its /64, whatever its last 64 bits and however it is written', () => {
    const same = ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '[2001:db8:1:2:a:b:c:d]'];
    for (const ip of same) expect(rateLimitSubject(ip), ip).to.equal('2001:db8:1:2::/64');
    expect(rateLimitSubject('2001:db8:1:3::1')).to.equal('2001:db8:1:3::/64');
    expect(rateLimitSubject('::1')).to.equal('::/64');
  });

  it('anything else is left as it is', () => {
    expect(rateLimitSubject('not-an-address')).to.equal('not-an-address');
  });
});
