import { expect } from 'chai';
import { sketchOf, SKETCH_SIZE } from '../../../src/services/feeds/dedup';
import { foldedWords, hash32, sketchWordHashes } from '../../../src/services/feeds/foldedWords';
import { syntheticAd } from '../../../src/services/feeds/syntheticFeed';
import { distanceKm } from '../../../src/services/places/distance';
import { tokenize } from '../../../src/services/search/text';
import { seededRandom } from '../../../src/shared/seededRandom';

/**
 * The import folds titles and descriptions one character at a time (src/services/feeds/foldedWords.ts);
 * it must give exactly `tokenize`'s words, and the duplicate sketches exactly those of before
 * (the stored fingerprints of earlier imports are compared with new ones).
 */

/** The sketch as decision 041 first computed it (a set of the tokenized words' hashes, sorted). */
function sketchBefore(text: string, size = SKETCH_SIZE): Uint32Array {
  const hashes = new Set<number>();
  for (const w of tokenize(text)) if (w.length >= 3 || /^\d+$/.test(w)) hashes.add(hash32(w));
  return Uint32Array.from([...hashes].sort((a, b) => a - b).slice(0, size));
}

const POOLS = [
  'abcxyzABCXYZ0123456789 ,.;:-_/()[]!?\'"\n\t',
  'áéíóúñüçàèìòùâêîôûäëïöÿßøæœłđðþıÁÉÍÓÚÑÜÇÅØÆŒŁĐÐÞİªº²³¹¼½¾µ×÷¨¯´¸\u00a0',
  'ΑΒΓΔΣσςαβγάέήίόύώΆΈΉΊΌΎΏ',
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖ',
  '\u0300\u0301\u0302\u0303\u0308\u0327\u0345\u20d7',
  '€£¥–—‘’“”•…‰™℃№ﬁﬂＡＢｃ１２',
  '日本語中文한국어العربيةעברית',
  '😀🏠𝐀𝟙\ud800',
];

describe('folded words: tokenize one character at a time', () => {
  it('folds every character of the Basic Multilingual Plane as tokenize does', () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `a${ch}b`, `X${ch}${ch}9 ${ch}`]) {
        const expected = tokenize(text);
        const got = foldedWords(text);
        if (got.length !== expected.length || got.some((w, i) => w !== expected[i])) {
          expect(got, `U+${c.toString(16)} in ${JSON.stringify(text)}`).to.deep.equal(expected);
        }
        const hashes = expected.filter((w) => w.length >= 3 || /^\d+$/.test(w)).map(hash32);
        const gotHashes = sketchWordHashes(text);
        if (gotHashes.length !== hashes.length || gotHashes.some((h, i) => h !== hashes[i])) {
          expect(gotHashes, `hashes, U+${c.toString(16)}`).to.deep.equal(hashes);
        }
      }
    }
  });

  it('folds random text of many scripts, marks, sigmas and surrogates as tokenize does', () => {
    const r = seededRandom(7);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = Math.floor(r() * 40);
      for (let i = 0; i < length; i++) {
        const pool = POOLS[Math.floor(r() * POOLS.length)] as string;
        text += pool[Math.floor(r() * pool.length)];
      }
      expect(foldedWords(text), JSON.stringify(text)).to.deep.equal(tokenize(text));
      expect([...sketchOf(text)], JSON.stringify(text)).to.deep.equal([...sketchBefore(text)]);
    }
  });

  it('builds words of every length, sliced or folded, as tokenize does', () => {
    const random = seededRandom(17);
    for (const length of [1, 2, 12, 13, 16, 17, 63, 64, 65, 200, 1000]) {
      for (const letters of ['abcxyz019', 'ABCxyz019', 'áéñÜ', 'aßæœﬁ']) {
        let word = '';
        for (let i = 0; i < length; i++) word += letters[Math.floor(random() * letters.length)];
        for (const text of [word, `${word} ${word.toUpperCase()}`, `x-${word}.${word}!`]) {
          expect(foldedWords(text), text).to.deep.equal(tokenize(text));
        }
      }
    }
  });

  it('gives the sketches of before to the generated ads and to long texts', () => {
    for (let i = 0; i < 300; i++) {
      const xml = syntheticAd(i, { count: 300 }) as string;
      const text = xml.replace(/<[^>]*>/g, ' ');
      expect([...sketchOf(text)]).to.deep.equal([...sketchBefore(text)]);
      expect(foldedWords(text)).to.deep.equal(tokenize(text));
    }
    const long = Array.from({ length: 400 }, (_, i) => `palabra${i} Ático ${i % 7}`).join(' ');
    expect([...sketchOf(long)]).to.deep.equal([...sketchBefore(long)]);
    expect(sketchOf(long)).to.have.length(SKETCH_SIZE);
    expect([...sketchOf('')]).to.deep.equal([]);
  });
});

describe('distanceKm: great-circle distance without the gazetteer', () => {
  it('gives known distances, symmetric, and none from a point to itself', () => {
    // London to Paris ~343.5 km, New York to Los Angeles ~3,936 km (haversine, mean Earth radius 6,371 km).
    expect(distanceKm(51.5074, -0.1278, 48.8566, 2.3522)).to.be.within(343, 344);
    expect(distanceKm(40.7128, -74.006, 34.0522, -118.2437)).to.be.within(3935, 3937);
    const r = seededRandom(3);
    for (let i = 0; i < 1_000; i++) {
      const [a, b, c, d] = [r() * 180 - 90, r() * 360 - 180, r() * 180 - 90, r() * 360 - 180];
      expect(distanceKm(a, b, c, d)).to.be.closeTo(distanceKm(c, d, a, b), 1e-9);
      expect(distanceKm(a, b, a, b)).to.equal(0);
    }
  });
});
