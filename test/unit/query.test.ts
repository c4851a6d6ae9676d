import { expect } from 'chai';
import { coerceQueryValue, parseQuery, stringifyQuery } from '../../src/shared/routing/query';
import { decodeSeoSegment, encodeSeoSegment } from '../../src/shared/routing/seoUrl';

describe('query values', () => {
  it('coerces only canonical numbers, so codes with leading zeros stay text', () => {
    expect(coerceQueryValue('12')).to.equal(12);
    expect(coerceQueryValue('-3.5')).to.equal(-3.5);
    expect(coerceQueryValue('007')).to.equal('007');
    expect(coerceQueryValue('1e5')).to.equal('1e5');
    expect(coerceQueryValue('12345678901234567890')).to.equal('12345678901234567890');
  });

  it('reads an amount filter typed with its thousands grouped as the visitor meant it', () => {
    // A Spanish or German visitor types "300.000" for three hundred thousand; others "300,000".
    expect(parseQuery('?price_max=300.000&price_min=1.250.000&area_min=1.500&mileage_max=45%20000')).to.deep.equal({
      price_max: 300_000,
      price_min: 1_250_000,
      area_min: 1500,
      mileage_max: 45_000,
    });
    expect(parseQuery('?price_max=0.500')).to.deep.equal({ price_max: 0.5 });
    expect(parseQuery('?salary_min=30,000&price_max=300000&area_max=72.5')).to.deep.equal({
      salary_min: 30_000,
      price_max: 300_000,
      area_max: 72.5,
    });
    // Only amounts: a coordinate, a count or a code keeps the spec's coercion.
    expect(parseQuery('?lat_min=40.416&rooms_min=2&postcode=28.001')).to.deep.equal({
      lat_min: 40.416,
      rooms_min: 2,
      postcode: 28.001,
    });
  });

  it('keeps the last of repeated keys', () => {
    expect(parseQuery('?a=1&a=2')).to.deep.equal({ a: 2 });
  });

  it('writes values back without the empty ones', () => {
    expect(stringifyQuery({ a: 'x y', b: '', c: undefined, d: null, e: 0 })).to.equal('?a=x+y&e=0');
    expect(stringifyQuery({})).to.equal('');
  });
});

describe('SEO segments', () => {
  it('encodes spaces as hyphens, hyphens as underscores, in lower case', () => {
    expect(encodeSeoSegment('Saint-Étienne Centre')).to.equal('saint_étienne-centre');
  });

  it('decodes hyphens to spaces and underscores to hyphens', () => {
    expect(decodeSeoSegment('saint_étienne-centre')).to.equal('saint-étienne centre');
  });
});
