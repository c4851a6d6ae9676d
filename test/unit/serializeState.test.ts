import { expect } from 'chai';
import vm from 'node:vm';
import { serializeState } from '../../src/server/serializeState';

describe('serializeState', () => {
  const payload = { what: '</script><script>alert(1)</script>', sep: 'a\u2028b\u2029c', amp: '&<!--' };

  it('leaves no < and no raw line separators in the output', () => {
    const out = serializeState(payload);
    expect(out).not.to.include('<');
    expect(out).not.to.include('\u2028');
    expect(out).not.to.include('\u2029');
    expect(out).to.include('\\u003c/script');
  });

  it('reads back as the same value, as JSON and as a script', () => {
    const out = serializeState(payload);
    expect(JSON.parse(out)).to.deep.equal(payload);
    expect(vm.runInNewContext(`(${out})`)).to.deep.equal(payload);
  });
});
