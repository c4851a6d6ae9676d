import { expect } from 'chai';
import type { ListingAd } from '../../src/shared/domain/ad';
import { clickoutReducer, initialClickoutState, RELATED_MODAL_OPENED } from '../../src/state/clickout';
import { navigate, pageLoaded } from '../../src/state/page';

describe('the first-visit popup and navigation', () => {
  const ad = { id: 'a1', type: 'ad', attributes: {} } as unknown as ListingAd;
  const opened = clickoutReducer(initialClickoutState, {
    type: RELATED_MODAL_OPENED,
    ad,
    sectionId: 1,
    position: 3,
  });

  it('closes on any navigation (Back, Forward, a link), its scroll lock with it', () => {
    expect(opened.relatedModal.open).to.equal(true);
    for (const type of ['POP', 'PUSH', 'REPLACE'] as const) {
      const after = clickoutReducer(opened, navigate('/search/piso/in/madrid', '?sort=price', type));
      expect(after.relatedModal, type).to.deep.equal(initialClickoutState.relatedModal);
      expect(after.redirectCount).to.equal(opened.redirectCount);
    }
  });

  it('is left alone by what is not a navigation', () => {
    expect(clickoutReducer(opened, pageLoaded({ status: 200, head: { title: 'x' } }))).to.equal(opened);
    expect(clickoutReducer(initialClickoutState, navigate('/', ''))).to.equal(initialClickoutState);
  });
});
