import { setFormatLanguage } from '@blockpilot/shared';
import { auditChanges, changeLine } from './auditDiff';

describe('auditChanges', () => {
  beforeAll(() => setFormatLanguage('en'));

  it('keeps only the fields that changed and writes cents as money with the currency', () => {
    const changes = auditChanges({ credit: 100, searching: true }, { credit: 600, amountCents: 500, searching: true }, '$');
    expect(changes.map(changeLine)).toEqual(['credit: $1.00 → $6.00', 'amountCents: — → $5.00']);
  });

  it('writes negative amounts with the sign before the currency', () => {
    expect(auditChanges({ credit: 883 }, { credit: -117 }, '€').map(changeLine)).toEqual(['credit: €8.83 → -€1.17']);
  });

  it('shows a field only one side has, and strings, flags and lists as they are', () => {
    const changes = auditChanges({ role: 'user', ids: [1, 2] }, { role: 'admin', ids: [2, 1], suspended: true }, '$');
    expect(changes.map(changeLine)).toEqual(['role: user → admin', 'ids: [1,2] → [2,1]', 'suspended: — → true']);
  });

  it('says nothing changed when both sides are equal or absent', () => {
    expect(auditChanges({ status: 'open' }, { status: 'open' }, '$')).toEqual([]);
    expect(auditChanges(null, undefined, '$')).toEqual([]);
  });

  it('does not take a number for money unless its field holds cents', () => {
    expect(auditChanges({ found: 3 }, { found: 4 }, '$').map(changeLine)).toEqual(['found: 3 → 4']);
  });

  it('writes a side that is not an object without a field name', () => {
    expect(auditChanges('draft', 'published', '$').map(changeLine)).toEqual(['draft → published']);
  });
});
