import { expect } from 'chai';
import { leadBody } from '../../src/services/sources/leadSchema';
import { isPhoneNumber, normalizePhone, PHONE_MAX_LENGTH } from '../../src/shared/domain/phone';

/** The lead body the apply form sends, with this phone. */
const lead = (phone: string) => ({
  data: {
    type: 'leads',
    attributes: {
      country: 'de',
      vertical: 'jobs',
      user: { name: 'Ann', email: 'ann@example.org', phone, message: 'Hello' },
    },
  },
});

describe('a phone number, as the apply form and the sources service take it', () => {
  const written = [
    '+49 171 1234567',
    '0171/1234567',
    '0171 / 123 45 67',
    '+49 (0) 171 1234567',
    '0049-171-1234567',
    '030 1234 5678',
    '(555) 123-4567',
    '(555) 123-4567 ext. 12',
    '555.123.4567 x12',
    '555-123-4567 #12',
    '555-123-4567 extension 123',
    '+1 555 123 4567 Ext 9',
    '090-1234-5678',
    '０９０-１２３４-５６７８', // full-width digits, ASCII hyphens
    '０９０－１２３４－５６７８', // full-width hyphens too
    '０３（１２３４）５６７８', // full-width parentheses
    '０９０ー１２３４ー５６７８', // the long vowel mark a Japanese keyboard types for a dash
    '090\u30001234\u30005678', // ideographic spaces
    '03-1234-5678 内線 12',
    '+33 6 12 34 56 78',
    '+44 20 7946 0958',
    '06\u202f12\u00a034\u00a056\u00a078', // narrow and no-break spaces, as a copy from a page brings them
    '123456',
    '٠١٧١١٢٣٤٥٦٧', // Arabic-Indic digits, as an Arabic keyboard types them
    '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧',
    '۰۹۱۲ ۳۴۵ ۶۷۸۹', // Extended Arabic-Indic (Persian, Urdu)
    '๐๘๑ ๒๓๔ ๕๖๗๘', // Thai
  ];
  for (const phone of written) {
    it(`takes ${JSON.stringify(phone)}`, () => {
      expect(isPhoneNumber(phone)).to.equal(true);
      const parsed = leadBody.safeParse(lead(phone));
      expect(parsed.success, parsed.error?.message).to.equal(true);
    });
  }

  const notPhones = [
    '((((((1)))))2345 6',
    '......123456',
    '+ 1 2 3 4 5 6',
    '1/2/3/4/5/6',
    '0171--1234567',
    '(0171 1234567',
    'call me',
    'call me at 0171 1234567',
    'tel. 0171 1234567',
    '12345',
    '1-2-3',
    '0171-CALL-NOW',
    'abc123456',
    '0171 1234567 ext.',
    '0171 1234567 ext. 1234567',
    '+49 +171 1234567',
    '0171 1234567 +',
    'ann@example.org',
    '1'.repeat(18),
    '0171 1234567\nBcc: x@y.example',
    '0171 1234567; DROP TABLE leads',
    `0${' '.repeat(PHONE_MAX_LENGTH)}171 1234567`,
    '１２３',
  ];
  for (const phone of notPhones) {
    it(`refuses ${JSON.stringify(phone)}`, () => {
      expect(isPhoneNumber(phone)).to.equal(false);
      const parsed = leadBody.safeParse(lead(phone));
      expect(parsed.success).to.equal(false);
      expect(parsed.error?.issues[0]?.path.join('/')).to.equal('data/attributes/user/phone');
    });
  }

  it('is stored and forwarded in ASCII, as written otherwise', () => {
    expect(normalizePhone('０９０－１２３４－５６７８')).to.equal('090-1234-5678');
    expect(normalizePhone(' ０３（１２３４）５６７８ ')).to.equal('03(1234)5678');
    expect(normalizePhone('0171/1234567')).to.equal('0171/1234567');
    const parsed = leadBody.parse(lead('０９０ー１２３４ー５６７８'));
    expect(parsed.data.attributes.user.phone).to.equal('090-1234-5678');
    // No phone stays no phone.
    expect(leadBody.parse(lead('')).data.attributes.user.phone).to.equal('');
  });

  it("has one limit, the form's and the service's", () => {
    const longest = `+49 171 1234567 ${' '.repeat(PHONE_MAX_LENGTH - 22)}ext. 1`;
    expect(longest).to.have.length(PHONE_MAX_LENGTH);
    expect(isPhoneNumber(longest)).to.equal(true);
    expect(leadBody.safeParse(lead(longest)).success).to.equal(true);
    expect(isPhoneNumber(`${longest}2`)).to.equal(false);
    expect(leadBody.safeParse(lead(`${longest}2`)).success).to.equal(false);
  });
});
