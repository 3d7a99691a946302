import { switchLanguage } from '@blockpilot/shared/i18n';
import { mockLogEntry } from '@blockpilot/shared/mock';
import { act } from '@testing-library/react';
import { translator } from '../../testing';
import { ignoreReasonText } from './ignoreReasons';

/** 10:30 AM local on a day, epoch seconds. */
const halfPastTen = new Date(2026, 11, 7, 10, 30).getTime() / 1000;
const station = (id: string) => (id === 'sa-1' ? 'DCH1' : id);
const travel = mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'travel', travel: { startTime: halfPastTen, serviceAreaId: 'sa-1', minutes: 25 } });

describe('why an offer was ignored (docs/ENGINE.md "Ignore reasons")', () => {
  it('names the booked block a travel miss was too close to, and the drive', () => {
    expect(ignoreReasonText(translator(), travel, station)).toBe('Too close to your 10:30 AM DCH1 block (25 min away)');
  });

  it('says which work limit kept an offer out', () => {
    const t = translator();
    expect(ignoreReasonText(t, mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'away' }), station)).toBe('On one of your away dates');
    expect(ignoreReasonText(t, mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'dayCap' }), station)).toBe('Over your daily hours limit');
    expect(ignoreReasonText(t, mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'weekCap' }), station)).toBe('Over your weekly hours limit');
    expect(ignoreReasonText(t, mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'payGoal' }), station)).toBe('Your weekly pay goal is reached');
  });

  describe('in Spanish', () => {
    beforeEach(async () => {
      await act(() => switchLanguage('es'));
    });
    afterEach(async () => {
      await act(() => switchLanguage('en'));
    });

    it('says the same in Spanish, with the Spanish clock', () => {
      const t = translator();
      expect(ignoreReasonText(t, travel, station)).toBe('Demasiado cerca de tu bloque de DCH1 (10:30 a.m.; a 25 min)');
      expect(ignoreReasonText(t, mockLogEntry({ action: 'BLOCK_IGNORE', reason: 'weekCap' }), station)).toBe('Supera tu límite de horas por semana');
    });
  });
});
