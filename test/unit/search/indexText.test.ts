import { expect } from 'chai';
import { indexText } from '../../../src/services/search/indexText';
import { spaceWords, tokenize } from '../../../src/services/search/text';

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
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    expect(words(indexText('บ้าน เดี่ยว'))).to.deep.equal(tokenize('บ้าน เดี่ยว'));
    // A kana's voicing mark is part of it: "バス" (bus) is not "パス" (pass); half-width kana are folded.
    expect(words(indexText('ガソリン車'))).to.deep.equal(['ガソリン', '車']);
    expect(words(indexText('バス パス ハス'))).to.deep.equal(['バス', 'パス', 'ハス']);
    expect(words(indexText('ｶﾞｿﾘﾝ車'))).to.deep.equal(['ガソリン', '車']);
  });

  it('parts the words of scripts written without spaces, and leaves any other text as it is', () => {
    expect(tokenize(spaceWords('大阪のマンション（売買）'))).to.deep.equal(['大阪', 'の', 'マンション', '売買']);
    expect(tokenize(indexText('台北的公寓出售'))).to.deep.equal(['台北', '的', '公寓', '出售']);
    expect(tokenize(spaceWords('บ้านเดี่ยว'))).to.deep.equal(tokenize('บ้าน เดี่ยว'));
    for (const text of ['Piso en Cádiz', "l'appartement, 3.5 m² e-mail", 'Новый дом']) {
      expect(spaceWords(text)).to.equal(text);
    }
  });
});
