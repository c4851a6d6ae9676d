import { expect } from 'chai';
import {
  alertLandingUrl,
  notificationOf,
  openEventDocument,
  parsePushPayload,
} from '../../../src/ui/alerts/pushMessages';
import { ATTRIBUTES } from '../../../src/services/tracking/trackingDocuments';

describe('the service worker’s push handling', () => {
  const origin = 'https://homes.trawl.co.uk';

  it('shows the payload’s title and body and keeps its url and send id for the click', () => {
    const spec = notificationOf(
      parsePushPayload(
        JSON.stringify({
          title: '2 new ads for flat in London',
          body: 'Bright flat · £1,450 · London',
          url: `${origin}/search/flat/in/london?alert_id=a1&alert_type=push&send_id=s9`,
          send_id: 's9',
          alert_id: 'a1',
        }),
      ),
      origin,
    );
    expect(spec.title).to.equal('2 new ads for flat in London');
    expect(spec.options.body).to.equal('Bright flat · £1,450 · London');
    expect(spec.options.tag).to.equal('alert-a1');
    expect(spec.options.data.send_id).to.equal('s9');
    expect(new URL(spec.options.data.url).searchParams.get('from')).to.equal('alert');
  });

  it('opens only pages of its own origin, always with from=alert', () => {
    expect(alertLandingUrl('https://evil.example/phish?x=1', origin)).to.equal(`${origin}/phish?x=1&from=alert`);
    expect(alertLandingUrl(undefined, origin)).to.equal(`${origin}/?from=alert`);
    expect(alertLandingUrl('/search/flat?from=email', origin)).to.equal(`${origin}/search/flat?from=alert`);
  });

  it('survives a payload that is not JSON', () => {
    expect(notificationOf(parsePushPayload('hello'), origin, 'Trawl')).to.deep.include({ title: 'Trawl' });
  });

  it('tracks the open as a browser-events document the tracking service accepts', () => {
    const doc = openEventDocument('s9', 'a1') as { data: { type: string; attributes: Record<string, unknown> } };
    expect(doc.data.type).to.equal('browser-events');
    expect(doc.data.attributes).to.include({ event: 'open', send_id: 's9', service_worker_version: 15 });
    expect(ATTRIBUTES['browser-events'].safeParse(doc.data.attributes).success).to.equal(true);
  });
});
