/**
 * The compatibility gate (docs/RELEASES.md "Compatibility gate"): before a release goes live on a
 * channel, it must take every singleton the shell shares from the shell instead of bundling its
 * own copy, every shared singleton it was built with must fit the shell and every remote live on
 * that channel, in both directions, it must not become the highest version of a singleton (which
 * the federation runtime would silently hand to everyone else), it must still expose every module
 * the shell loads from it, and its first load must not outgrow the budget. Pure: the caller
 * gathers the parties.
 */
import semver from 'semver';
import { formatNumber } from '@blockpilot/shared/format';
import type { ReleaseSharedModule } from '../../db/schema.js';

/**
 * The workspace's own shared package. Its root is a singleton like React; its entry points
 * (`/ui`, `/i18n`, the shell's `/boot`) are shared for whichever apps import them, so a remote
 * need not take the ones it never imports.
 */
const WORKSPACE_PACKAGE = '@blockpilot/shared';

/** The shell or a live remote, as the gate compares the candidate with it. */
export interface GateParty {
  /** How a mismatch names it: `shell`, `mf_auth@1.2.0`. */
  label: string;
  shared: ReleaseSharedModule[];
}

export interface GateCandidate extends GateParty {
  exposes: string[];
}

/** A candidate's first load (budget.ts) beside that of the release it would replace, and how much more it may be. */
export interface FirstLoadBudget {
  candidate: { label: string; bytes: number | null };
  live: { label: string; bytes: number | null };
  growthLimitBytes: number;
}

export interface GateInput {
  candidate: GateCandidate;
  /** The shell and the other remotes live on the channel (not the release the candidate replaces). */
  parties: GateParty[];
  /** Modules the shell loads from every remote (`./App`). */
  consumedExposes: readonly string[];
  /** Modules the candidate must take as shared rather than bundle ({@link requiredSingletons} of the shell). */
  singletons: readonly string[];
  /** The first-load budget the move holds the candidate to; none for a rollback, or with no release to compare with. */
  budget?: FirstLoadBudget | null;
}

export type MismatchKind = 'invalid-version' | 'candidate-not-accepted' | 'party-not-accepted' | 'would-upgrade-everyone' | 'missing-expose' | 'not-shared' | 'budget';

export interface Mismatch {
  kind: MismatchKind;
  /** The shared module or exposed path concerned. */
  subject: string;
  /** The other side, when there is one. */
  party?: string;
  message: string;
}

/**
 * The modules every remote must share with the shell: each module the shell's build shares (the
 * tooling makes every one a singleton: React and its entry points, the router, styled-components,
 * the workspace package), but for entry points of the workspace package other than its root. None
 * without the shell's build (an API-only instance).
 */
export function requiredSingletons(shell: GateParty | null): string[] {
  return (shell?.shared ?? []).map((module) => module.name).filter((name) => !name.startsWith(`${WORKSPACE_PACKAGE}/`));
}

/** Exact bytes: a growth just past the limit must not read as equal to it. */
const bytesOf = (bytes: number) => `${formatNumber(bytes, 0, 'en')} bytes`;

/** The budget's mismatch, or null within it (or when either size is unknown: releases published before sizes were measured). */
function budgetMismatch({ candidate, live, growthLimitBytes }: FirstLoadBudget, exposes: readonly string[]): Mismatch | null {
  if (candidate.bytes === null || live.bytes === null) return null;
  const growth = candidate.bytes - live.bytes;
  if (growth <= growthLimitBytes) return null;
  return {
    kind: 'budget',
    subject: 'first load',
    party: live.label,
    message: `${candidate.label} loads ${bytesOf(candidate.bytes)} gzipped before it shows anything (its remote entry and ${exposes.join(', ')}), ${bytesOf(growth)} more than ${live.label} live on the channel (${bytesOf(live.bytes)}); the budget allows ${bytesOf(growthLimitBytes)} more`,
  };
}

/** Every reason the candidate must not go live; empty when it may. */
export function checkCompatibility({ candidate, parties, consumedExposes, singletons, budget }: GateInput): Mismatch[] {
  const mismatches: Mismatch[] = [];
  // A bundled copy of a singleton is a second React (or router, or theme) in the page: hooks and contexts break across it.
  for (const name of singletons) {
    if (!candidate.shared.some((module) => module.name === name))
      mismatches.push({
        kind: 'not-shared',
        subject: name,
        party: 'shell',
        message: `${candidate.label} bundles its own ${name} instead of sharing it: the shell shares ${name} as a singleton, and ${candidate.label}'s mf-manifest.json does not list it as shared`,
      });
  }
  for (const module of candidate.shared) {
    const { name, version, requiredVersion } = module;
    if (!semver.valid(version)) {
      mismatches.push({ kind: 'invalid-version', subject: name, message: `${candidate.label} shares ${name} with version "${version}", which is not a semantic version` });
      continue;
    }
    const provided: string[] = [];
    for (const party of parties) {
      const theirs = party.shared.find((other) => other.name === name);
      if (!theirs) continue;
      if (theirs.requiredVersion && !semver.satisfies(version, theirs.requiredVersion)) {
        mismatches.push({
          kind: 'candidate-not-accepted',
          subject: name,
          party: party.label,
          message: `${candidate.label} provides ${name} ${version}, but ${party.label} requires ${theirs.requiredVersion}`,
        });
      }
      if (!semver.valid(theirs.version)) continue;
      provided.push(theirs.version);
      if (requiredVersion && !semver.satisfies(theirs.version, requiredVersion)) {
        mismatches.push({
          kind: 'party-not-accepted',
          subject: name,
          party: party.label,
          message: `${candidate.label} requires ${name} ${requiredVersion}, but ${party.label} provides ${theirs.version}`,
        });
      }
    }
    const highestLive = semver.maxSatisfying(provided, '*', { includePrerelease: true });
    // A singleton's highest loaded version wins in the federation runtime: a newer one here would
    // replace the version every live remote was tested with, without any of them being released.
    if (highestLive && semver.gt(version, highestLive)) {
      mismatches.push({
        kind: 'would-upgrade-everyone',
        subject: name,
        message: `${candidate.label} would make ${name} ${version} the highest version on the channel (live: ${highestLive}) and upgrade every other remote with it`,
      });
    }
  }
  for (const path of consumedExposes) {
    if (!candidate.exposes.includes(path))
      mismatches.push({ kind: 'missing-expose', subject: path, party: 'shell', message: `the shell loads ${path} from every remote, and ${candidate.label} does not expose it` });
  }
  const overBudget = budget ? budgetMismatch(budget, consumedExposes) : null;
  if (overBudget) mismatches.push(overBudget);
  return mismatches;
}
