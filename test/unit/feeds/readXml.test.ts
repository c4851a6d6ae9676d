import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import {
  BareAmpersands,
  countJsonLines,
  countXmlRecords,
  quickCountXml,
  readJsonLines,
  readXml,
  readXmlRange,
  type RawRecord,
  type RecordMarks,
} from '../../../src/services/feeds/feedRecords';
import { syntheticAd } from '../../../src/services/feeds/syntheticFeed';

/**
 * The XML scanner (decision 043) must read exactly what sax reads: the same
 * records, fields, lines and, for a malformed file, the same error. Compared
 * here with `readXml(…, { scanner: false })` (sax only) on the fixtures and on
 * the quirks that make the scanner hand a record, or the rest, to sax (also
 * when an unfinished record outgrows its limit).
 */

const FIXTURES = path.join(__dirname, '../../fixtures/feeds');

function chunked(text: string, size: number): Readable {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return Readable.from(parts);
}

async function read(
  text: string,
  size: number,
  options: { scanner: boolean; maxPendingChars?: number; want?: (index: number) => boolean },
): Promise<{ records: string[]; error?: string }> {
  const records: string[] = [];
  const show = (r: RawRecord) => JSON.stringify([r.line, [...r.fields.entries()], r.pictures]);
  try {
    for await (const batch of readXml(chunked(text, size), options)) records.push(...batch.map(show));
  } catch (err) {
    // Which records came before a fatal error may differ with the chunking; the error may not.
    return { records: [], error: (err as Error).message };
  }
  return { records };
}

/** A DOCTYPE declaring entities, among the other declarations a DTD may hold (decision 089). */
const SUBSET = `<!DOCTYPE trovit SYSTEM "https://partner.example/trovit.dtd" [
  <!-- the agency's names -->
  <!ELEMENT trovit (ad*)>
  <!ATTLIST price currency CDATA "EUR>" period (monthly|weekly) "monthly">
  <!ENTITY agency "Inmobiliaria L&#243;pez &amp; Hijos">
  <!ENTITY signed 'de &agency;, S.L. &#x2014; &undeclared;'>
  <!ENTITY ext SYSTEM "file:///etc/passwd">
  <!ENTITY agency "a second declaration">
  <!ENTITY amp "not XML's">
  <!ENTITY nothing "">
]>`;
const DECLARED_USES = 'Madrid &agency; &signed; &AGENCY; &ext; &nope; &nothing; &amp;';
/** The "billion laughs": each entity ten of the one before. */
let LAUGHS = '<!DOCTYPE trovit [\n<!ENTITY lol0 "lol">\n';
for (let i = 1; i <= 9; i++) LAUGHS += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">\n`;
LAUGHS += ']>';

describe('feed XML scanner: the same records and errors as sax', () => {
  const homes = fs.readFileSync(path.join(FIXTURES, 'homes-es.xml'), 'utf8');
  let synthetic = '<?xml version="1.0" encoding="UTF-8"?>\n<trovit>\n';
  for (let i = 0; i < 40; i++) synthetic += syntheticAd(i, { count: 40 });
  synthetic += '</trovit>\n';
  const cases: [string, string][] = [
    ...fs
      .readdirSync(FIXTURES)
      .filter((f) => !f.endsWith('.jsonl'))
      .map((f): [string, string] => [f, fs.readFileSync(path.join(FIXTURES, f), 'utf8')]),
    ['synthetic', synthetic],
    ['BOM', `\ufeff${homes}`],
    ['DOCTYPE', homes.replace('<trovit>', '<!DOCTYPE trovit>\n<trovit>')],
    ['DOCTYPE with an external id', homes.replace('<trovit>', '<!DOCTYPE trovit PUBLIC "-//T//EN" "t.dtd">\n<trovit>')],
    ['declared entities', homes.replace('<trovit>', `${SUBSET}\n<trovit>`).replace(/Madrid/g, DECLARED_USES)],
    [
      'a declared entity in an attribute',
      homes.replace('<trovit>', `${SUBSET}<trovit>`).replace('"EUR"', '"&agency;"'),
    ],
    [
      'declared entities in a record sax reads',
      homes.replace('<trovit>', `${SUBSET}<trovit>`).replace(/Chalet/g, '&agency; &nbsp;'),
    ],
    [
      'a parameter entity',
      homes
        .replace('<trovit>', `<!DOCTYPE trovit [<!ENTITY % p "x"><!ENTITY a "b">]><trovit>`)
        .replace(/Madrid/g, '&a;'),
    ],
    ['a DOCTYPE after the root', homes.replace('<ad>', '<!DOCTYPE trovit>\n<ad>')],
    ['two DOCTYPEs', homes.replace('<trovit>', '<!DOCTYPE trovit>\n<!DOCTYPE trovit>\n<trovit>')],
    [
      'a lower-case doctype',
      homes.replace('<trovit>', '<!doctype trovit [<!ENTITY a "b">]><trovit>').replace(/Madrid/g, '&a;'),
    ],
    [
      'entities nested to multiply',
      homes.replace('<trovit>', `${LAUGHS}<trovit>`).replace(/Madrid/g, '&lol3; &lol9; &lol4;'),
    ],
    [
      'a record of many references',
      homes.replace('<trovit>', `${SUBSET}<trovit>`).replace('Chalet', '&agency;'.repeat(1200)),
    ],
    ['cut in the DOCTYPE', '<?xml version="1.0"?>\n<!DOCTYPE trovit [<!ENTITY a "b'],
    ['comments', homes.replace('<ad>', '<!-- a <ad> in a comment -->\n<ad>')],
    ['a comment with --', homes.replace('<ad>', '<!-- a -- b -->\n<ad>')],
    ['a processing instruction ending in ??>', homes.replace('"utf-8"?>', '"utf-8"<??>')],
    ['XML and HTML entities', homes.replace(/Madrid/g, 'Ma&amp;drid &#233;&#x41; &nbsp;&ntilde; &AMP; &#0;')],
    ['unquoted attribute', homes.replace('currency="EUR"', 'currency=EUR')],
    ['single quotes', homes.replace('currency="EUR"', 'currency=\'EUR\' x = "1"')],
    ['a stray <', homes.replace('Chalet', 'Chalet < 3 plantas')],
    ['inline HTML', homes.replace('<rooms>', '<br/><b>x</b><rooms>')],
    ['nested unknown elements', homes.replace('<rooms>', '<extra><a>1</a><b x="2">z</b></extra><rooms>')],
    ['an element beside the ads', homes.replace('<ad>', '<meta><a>1</a></meta>\n<ad>')],
    ['</ad> in CDATA with an entity', homes.replace('Chalet', '&nbsp;<![CDATA[x</ad>y]]>')],
    ['a nested ad', homes.replace('<rooms>', '&eacute;<ad><id>X</id></ad><rooms>')],
    ['mismatched tag after an entity', homes.replace('Chalet', 'Cha&nbsp;let</bogus>')],
    ['a bad entity between records', homes.replace('<ad>', 'R&D<ad>')],
    ['a bad entity in an element beside the ads', homes.replace('<ad>', '<meta>R&D</meta><ad>')],
    ['CRLF', homes.replace(/\n/g, '\r\n')],
    ['upper-case root', homes.replace('<trovit>', '<Trovit>').replace('</trovit>', '</Trovit>')],
    ['after the root: a comment', `${homes}\n<!-- end -->\n`],
    ['after the root: text', `${homes}junk`],
    ['after the root: an element', `${homes}<x/>`],
    ['cut in a tag', homes.slice(0, 3001)],
    ['cut in CDATA', homes.slice(0, homes.indexOf('<![CDATA[') + 5)],
    ['cut after an entity', homes.slice(0, homes.lastIndexOf('Chalet') + 3).replace(/Chalet/g, 'Cha&nbsp;let')],
    ['empty', ''],
    ['blank', '  \n '],
    ['only a prolog', '<?xml version="1.0"?>\n'],
    ['an empty root', '<trovit/>'],
    ['an ad never closed', homes.replace('</ad>', '')],
    ['a long comment after the root', `${homes}<!-- ${'x'.repeat(5000)} -->\n`],
    ['open tags over several lines', homes.replace(/<ad>/g, '<ad\n  type="x"\n>').replace(/<rooms>/g, '<rooms\n>')],
    ['open tags over several lines, CRLF', homes.replace(/<ad>/g, '<ad\n  type="x"\n>').replace(/\n/g, '\r\n')],
    ['open tags over several lines that sax reads', homes.replace(/<ad>/g, '<ad\n  type=x\n\n>')],
  ];
  for (const [name, text] of cases) {
    it(name, async () => {
      for (const size of [1, 7, 64, 1000, 1 << 20]) {
        const viaSax = await read(text, size, { scanner: false });
        expect(await read(text, size, { scanner: true }), `chunks of ${size}`).to.deep.equal(viaSax);
        // An unfinished record (or prolog, or tail) longer than the limit goes to sax.
        const handedOver = await read(text, size, { scanner: true, maxPendingChars: 200 });
        expect(handedOver, `chunks of ${size}, 200 pending at most`).to.deep.equal(viaSax);
        // The check an import makes before it changes anything (decision 044): the same count or error.
        const expected = viaSax.error !== undefined ? { error: viaSax.error } : { count: viaSax.records.length };
        for (const options of [{ scanner: true }, { scanner: false }, { scanner: true, maxPendingChars: 200 }]) {
          expect(await count(text, size, options), `counted, chunks of ${size}`).to.deep.equal(expected);
        }
        // The check on bytes: the same count, or no answer (the check above then decides).
        const quick = await quickCountXml(bytesChunked(text, size));
        if (quick !== undefined)
          expect({ count: quick }, `checked on bytes, chunks of ${size}`).to.deep.equal(expected);
        // A thread of an import builds only the records of its batches (decision 044): the same ones.
        if (size === 1 || size === 1000) {
          const want = (i: number) => Math.floor(i / 2) % 2 === 1;
          const some = await read(text, size, { scanner: true, want });
          const wanted = viaSax.error !== undefined ? viaSax : { records: viaSax.records.filter((_, i) => want(i)) };
          expect(some, `built in part, chunks of ${size}`).to.deep.equal(wanted);
        }
      }
    });
  }
});

describe('feed XML: the entities a feed declares (decision 089)', () => {
  const feed = (doctype: string, title: string) =>
    `<?xml version="1.0"?>\n${doctype}\n<trovit>\n<ad><id>1</id><title>${title}</title></ad>\n</trovit>\n`;
  const titleOf = async (text: string, scanner: boolean): Promise<string> => {
    for await (const batch of readXml(Readable.from([text]), { scanner }))
      return batch[0]?.fields.get('title')?.text ?? '';
    return '';
  };

  it('replaces a declared entity by its value, as text, by either reader', async () => {
    for (const scanner of [true, false]) {
      expect(await titleOf(feed(SUBSET, DECLARED_USES), scanner)).to.equal(
        'Madrid Inmobiliaria López & Hijos de Inmobiliaria López & Hijos, S.L. — &undeclared; ' +
          // sax's reading: a name of another case is looked up in lower case.
          'Inmobiliaria López & Hijos ' +
          // An external entity is never fetched, an undeclared one stays, an empty one reads as undeclared.
          '&ext; &nope; &nothing; &',
      );
      const markup = feed('<!DOCTYPE trovit [<!ENTITY b "<b>bold</b> &lt;3">]>', 'a &b;');
      expect(await titleOf(markup, scanner)).to.equal('a <b>bold</b> <3');
    }
  });

  it('bounds what references can multiply: values of 4,096 characters, 1,000 references a record', async () => {
    for (const scanner of [true, false]) {
      const laughs = await titleOf(feed(LAUGHS, '&lol3; &lol4;'), scanner);
      // lol3 is 3,000 characters; lol4 (30,000) is not declared, and stays as written.
      expect(laughs).to.equal(`${'lol'.repeat(1000)} &lol4;`);
      const many = await titleOf(feed('<!DOCTYPE trovit [<!ENTITY x "xyz">]>', '&x;'.repeat(1200)), scanner);
      expect(many).to.equal('xyz'.repeat(1000) + '&x;'.repeat(200));
    }
  });

  it('reads a feed with a DOCTYPE in byte ranges, as the threads of an import do', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-doctype-'));
    try {
      const file = path.join(dir, 'feed.xml');
      const body = Array.from({ length: 5 }, (_, i) => `<ad><id>${i}</id><title>&agency; ${i}</title></ad>\n`).join('');
      fs.writeFileSync(file, `<?xml version="1.0"?>\n${SUBSET}\n<trovit>\n${body}</trovit>\n`);
      const starts: { offset: number; lineBreaks: number }[] = [];
      const marks = {
        every: 2,
        at: (i: number, offset: number, lineBreaks: number) => (starts[i / 2] = { offset, lineBreaks }),
      } as RecordMarks;
      expect(await quickCountXml(fs.createReadStream(file), undefined, marks)).to.equal(5);
      expect(marks.prolog, 'the DOCTYPE found').to.not.equal(undefined);
      const fd = fs.openSync(file, 'r');
      try {
        const read: [number, string | undefined][] = [];
        for (let b = 0; b < starts.length; b++) {
          const range = {
            start: (starts[b] as { offset: number }).offset,
            end: starts[b + 1]?.offset ?? (marks.size as number),
            lineBreaks: (starts[b] as { lineBreaks: number }).lineBreaks,
            firstIndex: b * 2,
            root: marks.root as string,
            last: b === starts.length - 1,
            prolog: marks.prolog,
          };
          for await (const batch of readXmlRange(file, fd, range))
            for (const r of batch) read.push([r.line, r.fields.get('title')?.text]);
        }
        // Lines as in the file: the XML declaration, 11 of DOCTYPE, <trovit>, then one ad a line.
        expect(read).to.deep.equal([0, 1, 2, 3, 4].map((i) => [14 + i, `Inmobiliaria López & Hijos ${i}`]));
      } finally {
        fs.closeSync(fd);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function bytesChunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

async function count(
  text: string,
  size: number,
  options: { scanner: boolean; maxPendingChars?: number },
): Promise<{ count?: number; error?: string }> {
  try {
    return { count: await countXmlRecords(chunked(text, size), options) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('feed XML checked on its bytes', () => {
  it('counts plain feeds (the fixtures, the generated feed) without reading them as text', async () => {
    let synthetic = '<?xml version="1.0" encoding="UTF-8"?>\n<trovit>\n';
    for (let i = 0; i < 300; i++) synthetic += syntheticAd(i, { count: 300 });
    synthetic += '</trovit>\n';
    for (const [name, text, records] of [
      ['synthetic', synthetic, 300],
      ['cars-uk.xml', fs.readFileSync(path.join(FIXTURES, 'cars-uk.xml'), 'utf8'), 3],
      [
        'BOM, CRLF, comments',
        `\ufeff<?xml version="1.0"?>\r\n<!-- x -->\r\n<trovit><ad><id>1</id><url a="1" b='2'/></ad>\r\n<ad/></trovit>\r\n<!-- end -->`,
        2,
      ],
      ['a DOCTYPE', '<!DOCTYPE trovit>\n<trovit><ad/></trovit>', 1],
      [
        'a DOCTYPE declaring entities',
        `${SUBSET}\n<trovit><ad><t>${DECLARED_USES.replace(/&(AGENCY|ext|nope|nothing);/g, '')}</t></ad></trovit>`,
        1,
      ],
    ] as const) {
      for (const size of [1, 5, 4096]) expect(await quickCountXml(bytesChunked(text, size)), name).to.equal(records);
    }
  });

  it('leaves what is not plain to the scanner', async () => {
    for (const text of [
      '<trovit><ad>R&D</ad></trovit>',
      '<trovit><ad>&#233;</ad></trovit>',
      '<!DOCTYPE trovit [<!ENTITY % p "x">]><trovit></trovit>',
      '<!doctype trovit><trovit></trovit>',
      '<!DOCTYPE trovit><!DOCTYPE trovit><trovit></trovit>',
      '<trovit><!DOCTYPE trovit></trovit>',
      '<!DOCTYPE trovit [<!ENTITY a "b">]><trovit><ad>&c;</ad></trovit>',
      '<!DOCTYPE trovit [<?pi?>]><trovit></trovit>',
      '<trovit><ad x=1></ad></trovit>',
      '<trovit><ad x="1" x="2"></ad></trovit>',
      '<trovit><ad></bad></trovit>',
      '<trovit><ad></ad>',
      '<rss></rss>',
      'junk<trovit></trovit>',
      '<trovit></trovit>junk',
      '<trovit><ad><!-- a -- b --></ad></trovit>',
      '<trovit><?pi?></trovit>',
      '\u00a0<trovit></trovit>',
    ]) {
      for (const size of [1, 3, 4096]) expect(await quickCountXml(bytesChunked(text, size)), text).to.equal(undefined);
    }
  });
});

describe('feed JSON lines: counted as read', () => {
  const good = '{"id":"1"}';
  for (const [name, text] of [
    ['good', `${good}\n${good}\n`],
    ['BOM and blank lines', `\ufeff${good}\n\n  \n${good}`],
    ['a bad line in the middle', `${good}\nnot json\n[1]\n${good}\n`],
    ['a cut last line', `${good}\n${good}\n{"id":"2","url":"htt`],
    ['a bad first line', `[1]\n${good}\n`],
    ['only a bad line', 'nope\n'],
    ['empty', ''],
    ['blank', '\n \n'],
    ['CRLF', `${good}\r\n${good}\r\n`],
    ['exports joined, each with its mark, and a DOS end mark', `\ufeff${good}\n\ufeff${good}\r\n\x1a`],
  ] as const) {
    it(name, async () => {
      let expected: { count?: number; error?: string };
      try {
        let n = 0;
        for await (const batch of readJsonLines(chunked(text, 5))) n += batch.length;
        expected = { count: n };
      } catch (err) {
        expected = { error: (err as Error).message };
      }
      let got: { count?: number; error?: string };
      try {
        got = { count: await countJsonLines(chunked(text, 5)) };
      } catch (err) {
        got = { error: (err as Error).message };
      }
      expect(got).to.deep.equal(expected);
      if (expected.error === undefined) {
        const all: [number | undefined, number][] = [];
        for await (const batch of readJsonLines(chunked(text, 5))) for (const r of batch) all.push([r.index, r.line]);
        const odd: [number | undefined, number][] = [];
        for await (const batch of readJsonLines(chunked(text, 5), (i) => i % 2 === 1))
          for (const r of batch) odd.push([r.index, r.line]);
        expect(odd).to.deep.equal(all.filter(([i]) => (i as number) % 2 === 1));
      }
    });
  }
});

describe("a record's line", () => {
  const homes = fs.readFileSync(path.join(FIXTURES, 'homes-es.xml'), 'utf8');
  /** The lines of the `<ad` that open the records of `text`. */
  const opened = (text: string): number[] =>
    [...text.matchAll(/<ad[\s>]/gi)].map((m) => text.slice(0, m.index).split('\n').length);

  it('is the line its open tag starts on, however many lines the tag takes, scanner and sax alike', async () => {
    for (const text of [
      homes.replace(/<ad>/g, '<ad\n  type="x"\n>'),
      homes.replace(/<ad>/g, '<ad\n>'),
      homes.replace(/<ad>/g, '<ad\n  type="x"\n>').replace(/\n/g, '\r\n'),
      // An unquoted attribute: sax reads the tag.
      homes.replace(/<ad>/g, '<ad\n  type=x\n\n>'),
    ]) {
      const expected = opened(text);
      expect(expected.length).to.be.greaterThan(1);
      for (const scanner of [true, false]) {
        const lines = (await read(text, 64, { scanner })).records.map((r) => (JSON.parse(r) as [number])[0]);
        expect(lines, `scanner: ${scanner}`).to.deep.equal(expected);
      }
    }
  });
});

describe('BareAmpersands: a bare "&" before a tag, escaped for sax', () => {
  const text =
    '<company>M&S</company><t>AT&amp;T &#233; R&D.</t><![CDATA[B&Q<1> ]]]><!-- x&y< --><u a="1&b=2">Q&A;</u>&x';
  const whole = (t: string) => {
    const g = new BareAmpersands();
    return g.pass(t) + g.end();
  };

  it('escapes only a "&" whose name runs into a "<", outside CDATA and comments', () => {
    expect(whole(text)).to.equal(
      '<company>M&amp;S</company><t>AT&amp;T &#233; R&amp;D.</t><![CDATA[B&Q<1> ]]]><!-- x&y< --><u a="1&b=2">Q&A;</u>&x',
    );
  });

  it('gives the same text however the input is cut into chunks', () => {
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j += 7) {
        const g = new BareAmpersands();
        const out = g.pass(text.slice(0, i)) + g.pass(text.slice(i, j)) + g.pass(text.slice(j)) + g.end();
        expect(out, `cut at ${i} and ${j}`).to.equal(whole(text));
      }
    }
  });
});

describe('feed files no partner writes, read within bounds', () => {
  it('reads JSON lines joined from exports with their marks, and a DOS end mark, as the records they hold', async () => {
    const good = '{"id":"1","url":"https://x.example/1"}';
    const lines: [number | undefined, number, string | undefined][] = [];
    for await (const batch of readJsonLines(chunked(`\ufeff${good}\n\ufeff${good}\r\n\x1a`, 7)))
      for (const r of batch) lines.push([r.index, r.line, r.error]);
    expect(lines).to.deep.equal([
      [0, 1, undefined],
      [1, 2, undefined],
    ]);
  });

  it('refuses elements nested a hundred deep, whichever reader meets them', async () => {
    const deep = `<?xml version="1.0"?>\n<trovit>\n<ad><id>1</id>${'<a>'.repeat(200)}x${'</a>'.repeat(200)}</ad>\n</trovit>\n`;
    for (const scanner of [true, false]) {
      expect((await read(deep, 64, { scanner })).error, `scanner ${scanner}`).to.equal(
        'Elements are nested more than 100 deep (line 3)',
      );
    }
    expect(await quickCountXml(Readable.from([Buffer.from(deep)]))).to.equal(undefined);
    let error = '';
    await countXmlRecords(chunked(deep, 64)).catch((err: Error) => (error = err.message));
    expect(error).to.equal('Elements are nested more than 100 deep (line 3)');
  });

  it('reads a comment, an attribute or a processing instruction of 1 MB in sax as the scanner does', async () => {
    const big = 'x'.repeat(1 << 20);
    const feed = `<?xml version="1.0"?>\n<?note ${big}?>\n<trovit>\n<!--${big}-->\n<ad><id>1</id><notes v="${big}">n</notes></ad>\n</trovit>\n`;
    const scanned = await read(feed, 1 << 16, { scanner: true });
    expect(scanned.error).to.equal(undefined);
    expect(scanned.records).to.have.length(1);
    expect(await read(feed, 1 << 16, { scanner: false })).to.deep.equal(scanned);
    expect(await countXmlRecords(chunked(feed, 1 << 16))).to.equal(1);
  });
});
