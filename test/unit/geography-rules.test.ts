/** Geography: the distance between two places, as the crow flies on the Earth's mean radius. */
import { expect } from 'chai';
import { haversineKm } from '../../domain/geography/reverse-geocode.ts';

const EARTH_RADIUS_KM = 6371.0088;

describe('Distances (unit)', () => {
  it('a place is 0 km from itself', () => {
    expect(haversineKm(4.0511, 9.7679, 4.0511, 9.7679)).to.equal(0);
  });

  it('one degree along a meridian is the Earth’s radius times π / 180 (about 111.2 km)', () => {
    expect(haversineKm(0, 0, 1, 0)).to.be.closeTo((EARTH_RADIUS_KM * Math.PI) / 180, 1e-9);
    expect(haversineKm(3, 12, 4, 12)).to.be.closeTo(111.195, 0.001);
  });

  it('half the globe is π times the radius', () => {
    expect(haversineKm(0, 0, 0, 180)).to.be.closeTo(EARTH_RADIUS_KM * Math.PI, 1e-6);
  });

  it('the distance is the same both ways; Douala to Yaoundé is about 194 km', () => {
    const there = haversineKm(4.0511, 9.7679, 3.848, 11.5021);
    expect(there).to.equal(haversineKm(3.848, 11.5021, 4.0511, 9.7679));
    expect(there).to.be.closeTo(193.7, 1);
  });
});
