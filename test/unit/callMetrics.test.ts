import { expect } from 'chai';
import sinon from 'sinon';
import { CALLS_PER_REPORT, REPORT_AFTER_MS, createCallMetrics } from '../../src/client/callMetrics';

describe("the browser's call metrics", () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers();
  });
  afterEach(() => clock.restore());

  /** A fake window whose events the test fires, and the posts made. */
  function setUp() {
    const listeners = new Map<string, () => void>();
    const target = { addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
    const send = sinon.stub().resolves(new Response(null, { status: 204 }));
    const metrics = createCallMetrics('/api/metrics', send as unknown as typeof fetch, target as never);
    const posted = () => send.getCalls().map((c) => JSON.parse(String((c.args[1] as RequestInit).body)) as unknown[]);
    return { metrics, send, posted, fire: (type: string) => listeners.get(type)?.() };
  }

  it('posts the calls in one batch once there are enough of them, with name, time and outcome', () => {
    const { metrics, send, posted } = setUp();
    for (let i = 0; i < CALLS_PER_REPORT - 1; i++) metrics.observe({ name: 'search', ms: 10.4, outcome: 'ok' });
    expect(send.called).to.equal(false);
    metrics.observe({ name: 'autocomplete', ms: 11_000, outcome: 'timeout' });
    expect(send.callCount).to.equal(1);
    expect(send.firstCall.args[0]).to.equal('/api/metrics/query');
    expect((send.firstCall.args[1] as RequestInit).keepalive).to.equal(true);
    const [batch] = posted();
    expect(batch).to.have.length(CALLS_PER_REPORT);
    expect(batch?.[0]).to.deep.equal({ name: 'search', ms: 10, outcome: 'ok' });
    expect(batch?.at(-1)).to.deep.equal({ name: 'autocomplete', ms: 11_000, outcome: 'timeout' });
  });

  it('posts a few calls after a while, and what is left when the page is left', () => {
    const { metrics, send, posted, fire } = setUp();
    metrics.observe({ name: 'search', ms: 30, outcome: 'ok' });
    clock.tick(REPORT_AFTER_MS - 1);
    expect(send.called).to.equal(false);
    clock.tick(1);
    expect(posted()).to.deep.equal([[{ name: 'search', ms: 30, outcome: 'ok' }]]);
    metrics.observe({ name: 'ad', ms: 5, outcome: 'error' });
    fire('pagehide');
    expect(posted()[1]).to.deep.equal([{ name: 'ad', ms: 5, outcome: 'error' }]);
    // Nothing left: nothing sent, now or when the timer of the flushed batch would have run.
    fire('pagehide');
    clock.tick(REPORT_AFTER_MS);
    expect(send.callCount).to.equal(2);
  });
});
