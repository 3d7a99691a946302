import { describe, it } from 'node:test';
import { expect } from 'expect';
import { LANGUAGES } from '@blockpilot/shared/constants';
import en from '../locales/en.json' with { type: 'json' };
import { translate, type MessageKey } from './translate.js';

describe("the server's words", () => {
  it('fills the placeholders of a message in the language asked for', () => {
    expect(translate('en', 'notify.accepted.subject', { when: 'Tue, Jun 3' })).toBe('Block accepted: Tue, Jun 3');
    expect(translate('es', 'notify.accepted.subject', { when: 'mar, 3 jun' })).toBe('Bloque aceptado: mar, 3 jun');
  });

  it("follows each language's plural rules, and English's words stay the product's", () => {
    const covers = (language: 'en' | 'es', feesCovered: number) => translate(language, 'notify.lowCredit.fromYourFees', { credit: '$1.00', feesCovered, fee: '$0.40' });
    expect([0, 1, 2].map((n) => covers('en', n))).toEqual([
      'Your credit is $1.00. It no longer covers the fee of your largest recent blocks ($0.40); smaller blocks cost less.',
      'Your credit is $1.00. It covers the fee of one more of your largest recent blocks ($0.40); smaller blocks cost less.',
      'Your credit is $1.00. It covers the fees of about 2 more of your largest recent blocks ($0.40 each); smaller blocks cost less.',
    ]);
    expect([0, 1, 2].map((n) => covers('es', n))).toEqual([
      'Tu crédito es de $1.00. Ya no cubre la comisión de tus bloques recientes más grandes ($0.40); los bloques más pequeños cuestan menos.',
      'Tu crédito es de $1.00. Cubre la comisión de uno más de tus bloques recientes más grandes ($0.40); los bloques más pequeños cuestan menos.',
      'Tu crédito es de $1.00. Cubre las comisiones de unos 2 más de tus bloques recientes más grandes ($0.40 cada una); los bloques más pequeños cuestan menos.',
    ]);
    expect(translate('en', 'email.reset.text', { minutes: 1, link: 'L' })).toContain('(the link works once, for 1 minute)');
    expect(translate('es', 'email.reset.text', { minutes: 60, link: 'L' })).toContain('(el enlace funciona una sola vez, durante 60 minutos)');
  });

  it('writes every message of the catalogs in every language: none comes back as its key or with ICU syntax left in it', () => {
    const counts = { feesCovered: 2, minutes: 2, hours: 2, days: 2, rate: 3.5 };
    const texts = { when: 'W', where: 'W', pay: 'P', feeFree: 'no', fee: 'F', link: 'L', credit: 'C', amount: 'A', reason: 'R', channel: 'email' };
    const values = { ...counts, ...texts, bonus: 'B', ticket: 7, name: 'N', reply: 'R', quoted: '> Q', reward: 'R', code: 'ABCD2345', plan: 'P' };
    // The API's messages (api.*): refusals, field messages, alerts, the release registry's answers.
    const api = { seconds: 2, devices: 2, drivers: 2, max: 2, limit: '2', step: '15', values: 'V', email: 'E', method: 'GET', path: '/x', status: 'open', role: 'admin' };
    const releases = { remote: 'R', version: 'V', channel: 'C', url: 'U', problem: 'P', mismatches: 'M', action: 'promote', entry: 'E', manifest: 'M', revision: '2' };
    for (const language of LANGUAGES) {
      for (const key of Object.keys(en) as MessageKey[]) {
        const text = translate(language, key, { ...values, ...api, ...releases });
        expect({ language, key, text }).toEqual({ language, key, text: expect.not.stringMatching(/^(email|notify|telegram|store|api)\.|[{}]/) });
      }
    }
  });
});
