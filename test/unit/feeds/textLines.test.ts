import readline from 'node:readline';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { TextLines } from '../../../src/services/feeds/feedRecords';
import { seededRandom } from '../../../src/shared/seededRandom';

/** The lines `TextLines` gives for `text` cut into chunks at `cuts`. */
function split(text: string, cuts: number[], max = 1000): ReturnType<TextLines['push']> {
  const lines = new TextLines(max);
  const out: ReturnType<TextLines['push']> = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...lines.push(text.slice(from, cut)));
    from = cut;
  }
  return [...out, ...lines.end()];
}

async function readlineLines(text: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readline.createInterface({ input: Readable.from([text]), crlfDelay: Infinity }))
    out.push(line);
  return out;
}

describe('TextLines: a JSON-lines feed split into lines', () => {
  it('splits as readline does, at \\n, \\r\\n and a lone \\r, wherever the chunks are cut', async () => {
    const random = seededRandom(7);
    const breaks = ['\n', '\r\n', '\r', '\n\n', '\r\r\n'];
    for (let round = 0; round < 200; round++) {
      let text = '';
      const n = Math.floor(random() * 8);
      for (let i = 0; i < n; i++) {
        text += 'x'.repeat(Math.floor(random() * 5)) + (breaks[Math.floor(random() * breaks.length)] as string);
      }
      if (random() < 0.5) text += 'tail';
      const cuts = [...new Set(Array.from({ length: 4 }, () => Math.floor(random() * text.length)))].sort(
        (a, b) => a - b,
      );
      expect(split(text, cuts), JSON.stringify({ text, cuts })).to.deep.equal(await readlineLines(text));
    }
  });

  it('gives a line longer than its limit as its length, first and last characters, the lines around it whole', () => {
    const long = `{"id":"big","content":"${'y'.repeat(5000)}"}`;
    const text = `{"id":"a"}\n${long}\r\n{"id":"b"}\n`;
    const lines = split(text, [15, 40, 2000, 4000, text.length - 3], 1000);
    expect(lines).to.have.length(3);
    expect(lines[0]).to.equal('{"id":"a"}');
    expect(lines[1]).to.deep.include({ length: long.length, head: long.slice(0, 1000), blank: false });
    expect((lines[1] as { tail: string }).tail.endsWith('yy"}')).to.equal(true);
    expect(lines[2]).to.equal('{"id":"b"}');
  });

  it("finds what it is told to look for anywhere in a long line, across the chunks' cuts; knows a line of blanks", () => {
    const long = `{"content":"${'y'.repeat(5000)}","id":"far"}`;
    const at = long.indexOf('"id"') + 2;
    const lines = new TextLines(1000, /[{,]\s*"id"\s*:\s*"([^"]*)"/);
    const out = [...lines.push(long.slice(0, at)), ...lines.push(''), ...lines.push(`${long.slice(at)}\r`)];
    out.push(...lines.push(''), ...lines.push(`\n${' '.repeat(3000)}\n`), ...lines.end());
    expect(out).to.have.length(2);
    expect((out[0] as { found: RegExpExecArray }).found[1]).to.equal('far');
    expect(out[1]).to.deep.include({ length: 3000, blank: true });
  });
});
