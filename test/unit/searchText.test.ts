import { expect } from 'chai';
import { isSearchText, searchTextMin, searchTextPattern } from '../../src/shared/domain/searchText';

describe('the search text rule (product-spec §5)', () => {
  const table: [locale: string, text: string, ok: boolean][] = [
    ['en-GB', '', true],
    ['en-GB', '   ', true],
    ['en-GB', 'a', false],
    ['en-GB', ' a ', false],
    ['en-GB', '!!', false],
    ['en-GB', 'a!', false],
    ['en-GB', '4x4', true],
    ['en-GB', 'tv', true],
    ['es-ES', 'ñu', true],
    ['es-ES', 'é', false],
    ['de-DE', 'a-b', true],
    ['ja-JP', '家', true],
    ['ja-JP', '!', false],
    ['zh-TW', '車', true],
    ['th-TH', 'ก', true],
  ];

  it('needs 2 letters or digits, 1 where the language is written without spaces; an empty text is every ad', () => {
    expect(searchTextMin('en-GB')).to.equal(2);
    expect(searchTextMin('ja-JP')).to.equal(1);
    for (const [locale, text, ok] of table) expect(isSearchText(locale, text), `${locale} "${text}"`).to.equal(ok);
  });

  it("gives the browser the same rule as an input's pattern (matched whole, with the v flag)", () => {
    for (const [locale, text, ok] of table) {
      const pattern = new RegExp(`^(?:${searchTextPattern(locale)})$`, 'v');
      expect(pattern.test(text), `${locale} "${text}"`).to.equal(ok);
    }
  });
});
