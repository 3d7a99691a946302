import { describe, it } from 'node:test';
import { expect } from 'expect';
import { acceptedText, autoTopUpFailedText, blockWhen, chatText, lowCreditText, stoppedText, testText } from './messages.js';

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

describe("notification texts in the driver's language", () => {
  const seattle = { serviceAreaId: 'a1', serviceAreaName: 'Seattle (DWA6) - Amazon.com', currency: 'USD' };
  const block = { startTime: START, endTime: START + 3 * 3600, ...seattle, priceAmount: 1234.5, feeCents: 4321 };
  const spanish = { ...reader, language: 'es' as const };
  /** ICU puts a (narrow) no-break space before "a.m."; the words are what matters here. */
  const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it("writes an English driver's every notification as before, word for word", () => {
    const english = { ...reader, language: 'en' as const };
    expect(acceptedText(block, english)).toEqual(acceptedText(block, reader));
    expect(acceptedText(block, english).text).toContain('Pay: $1,234.50\nFee: $43.21 (3.5%)');
    expect(lowCreditText({ creditCents: 250, feesCovered: 2, referenceFeeCents: 105, paidBefore: true }, english)).toEqual({
      subject: 'Your BlockPilot credit is running low',
      text: [
        'Your credit is $2.50. It covers the fees of about 2 more of your largest recent blocks ($1.05 each); smaller blocks cost less.',
        "When a matching block's fee is more than your credit, BlockPilot skips it and pauses until you top up;",
        'a top-up resumes the search by itself.',
        'Top up: https://app.example/account/credit',
      ].join('\n'),
      link: 'https://app.example/account/credit',
    });
    expect(lowCreditText({ creditCents: 100, feesCovered: 1, referenceFeeCents: 60, paidBefore: true }, english).text).toMatch(
      /^Your credit is \$1\.00\. It covers the fee of one more/,
    );
    // The credit below the largest recent fee: it says so, and that smaller blocks (whose fee may still be charged) cost less.
    expect(lowCreditText({ creditCents: 371, feesCovered: 0, referenceFeeCents: 385, paidBefore: true }, english).text).toMatch(
      /^Your credit is \$3\.71\. It no longer covers the fee of your largest recent blocks \(\$3\.85\); smaller blocks cost less\.\n/,
    );
    // Before the first fee the fee counted in is the reference block's, and it says which.
    expect(lowCreditText({ creditCents: 200, feesCovered: 0, referenceFeeCents: 350, paidBefore: false }, english).text).toMatch(
      /^Your credit is \$2\.00: less than the fee of a \$100\.00 block \(\$3\.50\)\.\n/,
    );
    expect(autoTopUpFailedText({ amountCents: 2000, reason: 'Your card was declined.' }, english)).toEqual({
      subject: 'Automatic top-up failed and is now off',
      text: [
        'We tried to top up your BlockPilot credit by $20.00 with your saved card: Your card was declined.',
        'Nothing was charged, and automatic top-up is now off so it is not tried again.',
        'Top up or save another card: https://app.example/account/credit',
      ].join('\n'),
      link: 'https://app.example/account/credit',
    });
    expect(testText('email', english)).toEqual({
      subject: 'BlockPilot test notification',
      text: 'This is a test: E-mail notifications reach you.\nChoose what you are told about: https://app.example/account/notificationPreferences',
      link: 'https://app.example/account/notificationPreferences',
    });
    expect(stoppedText('puzzle', english)).toEqual({
      subject: 'Searching stopped: solve the puzzle in the Amazon Flex app, then press Start',
      text: [
        'Amazon Flex asked for a security check (a puzzle) before showing more offers.',
        'BlockPilot never solves these for you. Open the Amazon Flex app and solve it there,',
        'then press Start on your dashboard again: https://app.example/dashboard',
      ].join('\n'),
      link: 'https://app.example/dashboard',
    });
  });

  it('writes a block in Spanish, its day and times as the Spanish app writes them', () => {
    expect(spaced(blockWhen(START, START + 3 * 3600, 300, null, 'es'))).toBe('mar, 3 jun · 10:00 a.m. – 1:00 p.m.');
    expect(spaced(blockWhen(START + 12 * 3600, START + 15 * 3600, 300, null, 'es'))).toBe('mar, 3 jun · 10:00 p.m. – mié, 4 jun 1:00 a.m.');
    const text = acceptedText(block, spanish);
    expect(spaced(text.subject)).toBe('Bloque aceptado: mar, 3 jun · 10:00 a.m. – 1:00 p.m.');
    expect(spaced(text.text).split('\n')).toEqual([
      'BlockPilot aceptó un bloque para ti.',
      'Cuándo: mar, 3 jun · 10:00 a.m. – 1:00 p.m.',
      'Dónde: Seattle (DWA6) - Amazon.com',
      'Pago: $1,234.50',
      'Comisión: $43.21 (3.5 %)',
      'Tu registro: https://app.example/dashboard/logs',
    ]);
    expect(acceptedText({ ...block, feeCents: 0 }, spanish).text).toContain('Comisión: ninguna (prueba gratuita o membresía)');
  });

  it('writes every other notification in Spanish, with its money and the same links', () => {
    expect(lowCreditText({ creditCents: 123456, feesCovered: 2, referenceFeeCents: 50000, paidBefore: true }, spanish)).toEqual({
      subject: 'Tu crédito de BlockPilot se está acabando',
      text: expect.stringMatching(
        /^Tu crédito es de \$1,234\.56\. Cubre las comisiones de unos 2 más de tus bloques recientes más grandes \(\$500\.00 cada una\); los bloques más pequeños cuestan menos\.\n[\s\S]*Recargar: https:\/\/app\.example\/account\/credit$/,
      ),
      link: 'https://app.example/account/credit',
    });
    expect(lowCreditText({ creditCents: 100, feesCovered: 1, referenceFeeCents: 60, paidBefore: true }, spanish).text).toMatch(
      /^Tu crédito es de \$1\.00\. Cubre la comisión de uno más/,
    );
    expect(lowCreditText({ creditCents: 200, feesCovered: 0, referenceFeeCents: 350, paidBefore: false }, spanish).text).toMatch(
      /^Tu crédito es de \$2\.00: menos que la comisión de un bloque de \$100\.00 \(\$3\.50\)\./,
    );
    expect(autoTopUpFailedText({ amountCents: 2000, reason: 'Your card was declined.' }, spanish).text.split('\n')[0]).toBe(
      'Intentamos recargar $20.00 a tu crédito de BlockPilot con tu tarjeta guardada: Your card was declined.',
    );
    expect(stoppedText('puzzle', spanish)).toEqual({
      subject: 'Búsqueda detenida: resuelve la verificación (captcha) en la app de Amazon Flex y presiona Iniciar',
      text: expect.stringContaining('luego presiona Iniciar otra vez en tu panel: https://app.example/dashboard'),
      link: 'https://app.example/dashboard',
    });
    expect(stoppedText('signing', spanish).text).toContain('BlockPilot no falsifica estas verificaciones');
    expect(stoppedText('reconnect', spanish)).toMatchObject({
      subject: 'Búsqueda detenida: vuelve a conectar tu cuenta de Amazon Flex',
      link: 'https://app.example/connectAccount',
    });
    expect(testText('whatsapp', spanish).text.split('\n')[0]).toBe('Esto es una prueba: te llegan las notificaciones por WhatsApp.');
    expect(testText('push', spanish).subject).toBe('Notificación de prueba de BlockPilot');
  });
});
