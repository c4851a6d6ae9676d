import { expect } from 'chai';
import sinon from 'sinon';
import { FEATURED_SECTION_ID, loadFeaturedAd } from '../../../src/sagas/featuredAdSaga';
import { ApiSearchError } from '../../../src/shared/api/errors';
import type { Ad } from '../../../src/shared/domain/ad';
import {
  featuredAdFailed,
  featuredAdReducer,
  featuredAdReset,
  featuredAdStarted,
  featuredAdSucceeded,
  initialFeaturedAdState,
} from '../../../src/state/featuredAd';
import { chromeContext, chromeState, runWithStore } from './support';

const ad = (id: string, premium = true): Ad =>
  ({
    type: 'ads',
    id,
    attributes: { title: id, premium, section_id: 1, section_type_id: premium ? 2 : 1, position: 4 },
  }) as unknown as Ad;

describe('the featured ad state', () => {
  it('start clears the ad and the expired mark', () => {
    const shown = featuredAdReducer(initialFeaturedAdState, featuredAdSucceeded(ad('a')));
    const expired = featuredAdReducer(initialFeaturedAdState, featuredAdFailed());
    expect(featuredAdReducer(shown, featuredAdStarted())).to.include({ data: null, isFetching: true });
    expect(featuredAdReducer(expired, featuredAdStarted())).to.include({ isExpired: false });
  });

  it('success applies the first time only, then the ad is marked already shown', () => {
    const first = featuredAdReducer(initialFeaturedAdState, featuredAdSucceeded(ad('a')));
    expect(first.data?.id).to.equal('a');
    expect(first.alreadyShown).to.equal(true);
    const second = featuredAdReducer(first, featuredAdSucceeded(ad('b')));
    expect(second.data?.id).to.equal('a');
    const afterStart = featuredAdReducer(featuredAdReducer(first, featuredAdStarted()), featuredAdSucceeded(ad('c')));
    expect(afterStart.data).to.equal(null);
  });

  it('failure marks it expired', () => {
    const state = featuredAdReducer(featuredAdReducer(initialFeaturedAdState, featuredAdStarted()), featuredAdFailed());
    expect(state).to.include({ data: null, isExpired: true, isFetching: false });
  });

  it('reset clears the ad and the expired mark', () => {
    const shown = featuredAdReducer(initialFeaturedAdState, featuredAdSucceeded(ad('a')));
    expect(featuredAdReducer(shown, featuredAdReset())).to.include({ data: null, isExpired: false });
    const expired = featuredAdReducer(initialFeaturedAdState, featuredAdFailed());
    expect(featuredAdReducer(expired, featuredAdReset()).isExpired).to.equal(false);
  });
});

describe('loading the featured ad', () => {
  const run = async (search: sinon.SinonStub, state = chromeState()) => {
    const context = chromeContext({ api: { search: { search } } });
    const saga = runWithStore(loadFeaturedAd, state, context);
    await saga.task.toPromise();
    return { saga, report: context.report as sinon.SinonSpy };
  };

  it('asks the search service for one premium ad and shows it in section 208', async () => {
    const search = sinon.stub().resolves({ data: [ad('organic', false)], meta: { premium: [ad('prem')] } });
    const { saga } = await run(search);
    expect(search.firstCall.args[0]).to.equal('search/m');
    expect(search.firstCall.args[1]).to.include({ 'page[premium][size]': 1, countryCode: 'uk' });
    expect(saga.put.map((a) => a.type)).to.deep.equal(['featuredAd/started', 'featuredAd/succeeded']);
    const { data, alreadyShown } = saga.state().featuredAd;
    expect(data?.id).to.equal('prem');
    expect(data?.attributes).to.include({ section_id: FEATURED_SECTION_ID, section_type_id: 2, position: 1 });
    expect(alreadyShown).to.equal(true);
  });

  it('does not ask again once one was shown', async () => {
    const search = sinon.stub().resolves({ data: [ad('prem')] });
    const state = chromeState();
    const shown = { ...state, featuredAd: featuredAdReducer(state.featuredAd, featuredAdSucceeded(ad('old'))) };
    const { saga } = await run(search, shown);
    expect(search.called).to.equal(false);
    expect(saga.state().featuredAd.data?.id).to.equal('old');
  });

  it('marks it expired when there is no premium ad, or the call fails (reported)', async () => {
    const none = await run(sinon.stub().resolves({ data: [ad('organic', false)] }));
    expect(none.saga.state().featuredAd.isExpired).to.equal(true);
    const failing = await run(sinon.stub().rejects(new ApiSearchError('down', 503, 503)));
    expect(failing.saga.state().featuredAd.isExpired).to.equal(true);
    expect(failing.report.calledOnce).to.equal(true);
  });
});
