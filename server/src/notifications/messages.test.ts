import { describe, it } from 'node:test';
import { expect } from 'expect';
import { acceptedText, blockWhen, chatText, stoppedText } from './messages.js';

const reader = { timezoneOffset: 300, currencySymbol: '$', publicUrl: 'https://app.example' };
/** Tue 3 Jun 2025 15:00 UTC = 10:00 AM in UTC-5. */
const START = Date.UTC(2025, 5, 3, 15, 0) / 1000;

describe('notification texts', () => {
  it("reads block times in the driver's time zone, across midnight and with a fraction of a second", () => {
    expect(blockWhen(START, START + 3 * 3600, 300)).toBe('Tue, Jun 3 · 10:00 AM – 1:00 PM');
    expect(blockWhen(START, START + 3 * 3600, -330)).toBe('Tue, Jun 3 · 8:30 PM – 11:30 PM');
    expect(blockWhen(START + 9 * 3600 + 0.25, START + 11 * 3600, 0)).toBe('Wed, Jun 4 · 12:00 AM – 2:00 AM');
  });

  it("reads the driver's time zone with its clock changes, whatever offset the browser sent at Start", () => {
    // 2026-11-01 05:30 UTC is 1:30 AM EDT; an hour later it is 1:30 AM EST (New York falls back).
    const beforeChange = Date.UTC(2026, 10, 1, 5, 30) / 1000;
    expect(blockWhen(beforeChange, beforeChange + 3600, 240, 'America/New_York')).toBe('Sun, Nov 1 · 1:30 AM – 1:30 AM');
    expect(blockWhen(beforeChange + 2 * 3600, beforeChange + 5 * 3600, 240, 'America/New_York')).toBe('Sun, Nov 1 · 2:30 AM – 5:30 AM');
    // The same block read with the fixed offset alone is an hour off after the change.
    expect(blockWhen(beforeChange + 2 * 3600, beforeChange + 5 * 3600, 240)).toBe('Sun, Nov 1 · 3:30 AM – 6:30 AM');
  });

  it('writes a block running past midnight with its end day, as the app does', () => {
    expect(blockWhen(START + 8 * 3600, START + 11 * 3600, 300)).toBe('Tue, Jun 3 · 6:00 PM – 9:00 PM');
    expect(blockWhen(START + 12 * 3600, START + 15 * 3600, 300)).toBe('Tue, Jun 3 · 10:00 PM – Wed, Jun 4 1:00 AM');
  });

  it('an accepted block: when, where, pay and fee (or none in a fee-free period), with a link to the log', () => {
    const block = {
      startTime: START,
      endTime: START + 3 * 3600,
      serviceAreaId: 'a1',
      serviceAreaName: 'Seattle (DWA6) - Amazon.com',
      priceAmount: 95,
      currency: 'USD',
      feeCents: 333,
    };
    const text = acceptedText(block, reader);
    expect(text.subject).toBe('Block accepted: Tue, Jun 3 · 10:00 AM – 1:00 PM');
    expect(text.text.split('\n')).toEqual([
      'BlockPilot accepted a block for you.',
      'When: Tue, Jun 3 · 10:00 AM – 1:00 PM',
      'Where: Seattle (DWA6) - Amazon.com',
      'Pay: $95.00',
      'Fee: $3.33 (3.5%)',
      'Your log: https://app.example/dashboard/logs',
    ]);
    // Money in the account's currency: a UK driver reads pounds, both for the pay and the fee.
    expect(acceptedText({ ...block, currency: 'GBP' }, { ...reader, currencySymbol: '£' }).text).toMatch(/Pay: £95\.00\nFee: £3\.33/);
    expect(acceptedText({ ...block, feeCents: 0, serviceAreaName: null }, reader).text).toMatch(/Where: a1\n.*\nFee: none \(free trial or membership\)/);
  });

  it('each stop says what happened and what to do, never offering to solve or fake anything', () => {
    expect(stoppedText('puzzle', reader)).toEqual({
      subject: expect.stringMatching(/stopped.*puzzle.*Start/),
      text: expect.stringMatching(/Amazon Flex app[\s\S]*https:\/\/app\.example\/dashboard/),
      link: 'https://app.example/dashboard',
    });
    expect(stoppedText('signing', reader).text).toMatch(/does not fake/);
    expect(stoppedText('reconnect', reader).text).toContain('https://app.example/connectAccount');
    // A tap on a push notification opens the page the text links to.
    expect(stoppedText('reconnect', reader).link).toBe('https://app.example/connectAccount');
    expect(acceptedText({ startTime: START, endTime: START + 3600, serviceAreaId: 'a1', serviceAreaName: null, priceAmount: 50, currency: 'USD', feeCents: 0 }, reader).link).toBe(
      'https://app.example/dashboard/logs',
    );
    expect(chatText({ subject: 'S', text: 'T', link: 'https://app.example/dashboard' })).toBe('S\n\nT');
  });
});
