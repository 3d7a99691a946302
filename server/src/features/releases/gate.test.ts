import { describe, it } from 'node:test';
import { expect } from 'expect';
import { checkCompatibility as gate, requiredSingletons, type GateCandidate, type GateInput, type GateParty } from './gate.js';

const react = (version: string, requiredVersion = version) => ({ name: 'react', version, requiredVersion });
const shell: GateParty = { label: 'shell', shared: [react('19.3.1'), { name: 'styled-components', version: '6.6.0', requiredVersion: '6.6.0' }] };
const liveAuth: GateParty = { label: 'mf_auth@1.0.0', shared: [react('19.3.1')] };
const candidate = (shared: GateCandidate['shared'], exposes = ['./App', './lifecycle']): GateCandidate => ({ label: 'mf_dashboard@2.0.0', shared, exposes });
/** The gate with no singletons to require and no budget, unless the test gives them. */
const checkCompatibility = (input: Pick<GateInput, 'candidate' | 'parties' | 'consumedExposes'> & Partial<GateInput>) => gate({ singletons: [], ...input });

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

  it('refuses a build that bundles a singleton the shell shares, naming each module it does not share', () => {
    const singletons = ['react', 'react-dom', 'styled-components'];
    const mismatches = checkCompatibility({ candidate: candidate([react('19.3.1')]), parties: [shell], consumedExposes: [], singletons });
    expect(mismatches).toEqual([
      { kind: 'not-shared', subject: 'react-dom', party: 'shell', message: expect.stringContaining('mf_dashboard@2.0.0 bundles its own react-dom instead of sharing it') },
      expect.objectContaining({ kind: 'not-shared', subject: 'styled-components', party: 'shell' }),
    ]);
  });

  it("requires every module the shell shares but the workspace package's entry points, and nothing without a shell build", () => {
    const module = (name: string) => ({ name, version: '1.0.0', requiredVersion: '^1.0.0' });
    const shellBuild: GateParty = {
      label: 'shell',
      shared: ['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom', '@blockpilot/shared', '@blockpilot/shared/boot', '@blockpilot/shared/ui'].map(module),
    };
    expect(requiredSingletons(shellBuild)).toEqual(['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom', '@blockpilot/shared']);
    expect(requiredSingletons(null)).toEqual([]);
  });

  describe('first-load budget', () => {
    const budget = (candidateBytes: number | null, liveBytes: number | null) => ({
      candidate: { label: 'mf_dashboard@2.0.0', bytes: candidateBytes },
      live: { label: 'mf_dashboard@1.0.0', bytes: liveBytes },
      growthLimitBytes: 10 * 1024,
    });
    const within = (candidateBytes: number | null, liveBytes: number | null) =>
      checkCompatibility({ candidate: candidate([react('19.3.1')]), parties: [shell], consumedExposes: ['./App'], budget: budget(candidateBytes, liveBytes) });

    it('refuses growth past the limit, naming both sizes', () => {
      expect(within(60 * 1024 + 1, 50 * 1024)).toEqual([
        {
          kind: 'budget',
          subject: 'first load',
          party: 'mf_dashboard@1.0.0',
          message:
            'mf_dashboard@2.0.0 loads 61,441 bytes gzipped before it shows anything (its remote entry and ./App), 10,241 bytes more than mf_dashboard@1.0.0 live on the channel (51,200 bytes); the budget allows 10,240 bytes more',
        },
      ]);
    });

    it('passes growth up to the limit, a build that shrank, and sizes that were never measured', () => {
      expect(within(60 * 1024, 50 * 1024)).toEqual([]);
      expect(within(20 * 1024, 50 * 1024)).toEqual([]);
      expect(within(null, 50 * 1024)).toEqual([]);
      expect(within(500 * 1024, null)).toEqual([]);
    });
  });
});
