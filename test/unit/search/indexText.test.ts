import { expect } from 'chai';
import { indexText } from '../../../src/services/search/indexText';
import { tokenize } from '../../../src/services/search/text';

describe('indexText', () => {
  it('gives text FTS5 reads as a query is read unchanged, Spanish and French accents included', () => {
    for (const text of ['Piso en Cádiz, 3 habitaciones', 'Maison à Châtenay – 120 €', '“Quoted” text… «ici»']) {
      expect(indexText(text)).to.equal(text);
    }
  });

  it("writes a run with a letter FTS5 folds otherwise as the query's words, and leaves the rest", () => {
    expect(indexText('Wohnung an der Hauptstraße, Köln')).to.equal('Wohnung an der hauptstrasse Köln');
    expect(indexText('Działka w Łodzi, 1200 m²')).to.equal('dzialka w lodzi 1200 m2');
    expect(indexText('Satılık daire')).to.equal('satilik daire');
    expect(indexText('Новый дом')).to.equal(`${tokenize('Новый').join(' ')} дом`);
    expect(indexText('บ้าน เดี่ยว')).to.equal(tokenize('บ้าน เดี่ยว').join(' '));
    expect(indexText('ガソリン車')).to.equal('カソリン車');
  });
});
