/** The `offered` notification (docs/PRODUCT.md "Notify-only filters"): its words, its one-tap link and its push Accept action. */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { PAGES } from '@blockpilot/shared/pages';
import { offeredText } from './messages.js';
import { ACCEPT_OFFERED_PATH, pushPayloadOf, telegramButtonOf } from './service.js';

const reader = { timezoneOffset: 300, currencySymbol: '$', publicUrl: 'https://app.example' };
// Tue, Jun 3 2025 10:00-13:00 at UTC-5.
const block = {
  startTime: Date.UTC(2025, 5, 3, 15) / 1000,
  endTime: Date.UTC(2025, 5, 3, 18) / 1000,
  serviceAreaId: 'sa-1',
  serviceAreaName: 'Seattle (DWA6)',
  priceAmount: 90,
  currency: 'USD',
};
const LOG = '33333333-3333-4333-8333-333333333333';
const TOKEN = '33333333-3333-4333-8333-333333333333.1748962800.c2lnbmF0dXJl';

describe('the offered notification', () => {
  it('names the station, day and time and pay, and links to the one-tap page with the token', () => {
    const message = offeredText(block, LOG, TOKEN, reader);
    const link = `https://app.example${PAGES.acceptOffer.path.replace(':token', encodeURIComponent(TOKEN))}`;
    expect(message.subject).toBe('Block to accept: Tue, Jun 3 · 10:00 AM – 1:00 PM');
    expect(message.text).toContain('Where: Seattle (DWA6)');
    expect(message.text).toContain('Pay: $90.00');
    expect(message.text).toContain(`Accept: ${link}`);
    expect(message.link).toBe(link);
  });

  it('in Spanish', () => {
    const message = offeredText(block, LOG, TOKEN, { ...reader, language: 'es' });
    expect(message.subject).toMatch(/^Bloque para aceptar: mar, 3 jun/);
    expect(message.accept?.label).toBe('Aceptar');
  });

  it('pushes with an Accept action that posts the token to the public one-tap accept; other messages carry none', () => {
    expect(pushPayloadOf(offeredText(block, LOG, TOKEN, reader), 'offered')).toMatchObject({
      tag: 'offered',
      accept: { action: 'accept', title: 'Accept', token: TOKEN, endpoint: ACCEPT_OFFERED_PATH },
    });
    expect(ACCEPT_OFFERED_PATH).toBe('/api/offers/acceptOffered');
    expect(pushPayloadOf({ subject: 's', text: 't', link: 'https://app.example/dashboard' }, 'accepted')).toEqual({
      title: 's',
      body: 't',
      url: 'https://app.example/dashboard',
      tag: 'accepted',
    });
  });

  it('gives Telegram an Accept button naming the entry, within 64 bytes; other messages have none', () => {
    const button = telegramButtonOf(offeredText(block, LOG, TOKEN, reader))!;
    expect(button).toEqual({ label: 'Accept', data: `accept:${LOG}` });
    expect(Buffer.byteLength(button.data)).toBeLessThanOrEqual(64);
    expect(telegramButtonOf({ subject: 's', text: 't', link: 'l' })).toBeUndefined();
  });
});
