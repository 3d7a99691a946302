import { describe, it } from 'node:test';
import { expect } from 'expect';
import { checkCompatibility, type GateCandidate, type GateParty } from './gate.js';

const react = (version: string, requiredVersion = version) => ({ name: 'react', version, requiredVersion });
const shell: GateParty = { label: 'shell', shared: [react('19.3.1'), { name: 'styled-components', version: '6.6.0', requiredVersion: '6.6.0' }] };
const liveAuth: GateParty = { label: 'mf_auth@1.0.0', shared: [react('19.3.1')] };
const candidate = (shared: GateCandidate['shared'], exposes = ['./App', './lifecycle']): GateCandidate => ({ label: 'mf_dashboard@2.0.0', shared, exposes });

describe('checkCompatibility', () => {
  it('passes a build of the same singletons that exposes what the shell loads', () => {
    expect(
      checkCompatibility({
        candidate: candidate([react('19.3.1'), { name: 'styled-components', version: '6.6.0', requiredVersion: '6.6.0' }]),
        parties: [shell, liveAuth],
        consumedExposes: ['./App'],
      }),
    ).toEqual([]);
  });

  it('refuses a build against another React major, naming each side', () => {
    const mismatches = checkCompatibility({ candidate: candidate([react('18.3.1', '^18.3.1')]), parties: [shell, liveAuth], consumedExposes: ['./App'] });
    expect(mismatches.map((m) => [m.kind, m.party])).toEqual([
      ['candidate-not-accepted', 'shell'],
      ['party-not-accepted', 'shell'],
      ['candidate-not-accepted', 'mf_auth@1.0.0'],
      ['party-not-accepted', 'mf_auth@1.0.0'],
    ]);
    expect(mismatches[0]!.message).toBe('mf_dashboard@2.0.0 provides react 18.3.1, but shell requires 19.3.1');
    expect(mismatches[1]!.message).toBe('mf_dashboard@2.0.0 requires react ^18.3.1, but shell provides 19.3.1');
  });

  it('refuses a newer singleton that every range accepts, because it would upgrade everyone silently', () => {
    const loose: GateParty = { label: 'shell', shared: [react('19.3.1', '^19.0.0')] };
    const mismatches = checkCompatibility({ candidate: candidate([react('19.4.0', '^19.0.0')]), parties: [loose], consumedExposes: [] });
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'would-upgrade-everyone', subject: 'react' })]);
  });

  it('accepts an older version every party accepts (it never becomes the loaded one)', () => {
    const loose: GateParty = { label: 'shell', shared: [react('19.3.1', '^19.0.0')] };
    expect(checkCompatibility({ candidate: candidate([react('19.2.0', '^19.0.0')]), parties: [loose], consumedExposes: [] })).toEqual([]);
  });

  it('refuses a build that no longer exposes a module the shell loads', () => {
    const mismatches = checkCompatibility({ candidate: candidate([react('19.3.1')], ['./lifecycle']), parties: [shell], consumedExposes: ['./App'] });
    expect(mismatches).toEqual([expect.objectContaining({ kind: 'missing-expose', subject: './App', party: 'shell' })]);
  });

  it('refuses a version that is not semver instead of guessing', () => {
    expect(checkCompatibility({ candidate: candidate([react('latest')]), parties: [shell], consumedExposes: [] })).toEqual([
      expect.objectContaining({ kind: 'invalid-version', subject: 'react' }),
    ]);
  });
});
