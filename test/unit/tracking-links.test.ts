import { trackingUrl, withTrackingLinks } from '@domain/orders/shipments';
import { describe, expect, it } from 'vitest';

// The shipped notification's tracking page is a link in the app and the mail; nothing else in a notification is.
describe('withTrackingLinks', () => {
  const usps = trackingUrl('usps', '9400100000000000000000') as string;

  it("cuts out each carrier's tracking page, without the full stop after it", () => {
    expect(withTrackingLinks(`Follow it: ${usps}.\nWhen it arrives, say so.`)).toEqual([
      { text: 'Follow it: ' },
      { url: usps },
      { text: '.\nWhen it arrives, say so.' },
    ]);
    for (const [carrier, number] of [
      ['ups', '1Z999AA10123456784'],
      ['fedex', '123456789012'],
    ] as const) {
      const url = trackingUrl(carrier, number) as string;
      expect(withTrackingLinks(url)).toEqual([{ url }]);
    }
  });

  it('leaves any other address as words: a person’s, another scheme, a carrier page with more after it', () => {
    for (const text of [
      'See https://example.com/track?tLabels=1',
      'javascript:alert(1)',
      'http://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      `${usps}&next=https://example.com`,
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
      'No tracking.',
    ])
      expect(withTrackingLinks(text)).toEqual([{ text }]);
    expect(withTrackingLinks('')).toEqual([]);
  });
});
