import { expect } from 'chai';
import { detectDevice, isBot } from '../../src/server/requestContext';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('request context', () => {
  it('tells mobile, tablet and desktop apart', () => {
    expect(detectDevice(IPHONE)).to.equal('mobile');
    expect(detectDevice(IPAD)).to.equal('tablet');
    expect(detectDevice(DESKTOP)).to.equal('desktop');
  });

  it('takes a tablet whose viewport is narrower than 600 px for a phone, and nothing else', () => {
    expect(detectDevice(IPAD, undefined, 599)).to.equal('mobile');
    expect(detectDevice(IPAD, undefined, 600)).to.equal('tablet');
    expect(detectDevice(DESKTOP, undefined, 400)).to.equal('desktop');
    expect(detectDevice(IPAD, 'tablet', 400)).to.equal('tablet');
  });

  it('lets ?device= choose the variant', () => {
    expect(detectDevice(IPHONE, 'desktop')).to.equal('desktop');
    expect(detectDevice(DESKTOP, 'bogus')).to.equal('desktop');
  });

  it('reads only the first 500 characters of the user agent', () => {
    expect(detectDevice(`${'x'.repeat(500)}${IPHONE}`)).to.equal('desktop');
  });

  it('flags bots and empty user agents', () => {
    expect(isBot(GOOGLEBOT)).to.equal(true);
    expect(isBot('')).to.equal(true);
    expect(isBot(IPHONE)).to.equal(false);
  });
});
