/**
 * The compatibility gate (docs/RELEASES.md "Compatibility gate"): before a release goes live on a
 * channel, every shared singleton it was built with must fit the shell and every remote live on
 * that channel, in both directions, it must not become the highest version of a singleton (which
 * the federation runtime would silently hand to everyone else), and it must still expose every
 * module the shell loads from it. Pure: the caller gathers the parties.
 */
import semver from 'semver';
import type { ReleaseSharedModule } from '../../db/schema.js';

/** The shell or a live remote, as the gate compares the candidate with it. */
export interface GateParty {
  /** How a mismatch names it: `shell`, `mf_auth@1.2.0`. */
  label: string;
  shared: ReleaseSharedModule[];
}

export interface GateCandidate extends GateParty {
  exposes: string[];
}

export interface GateInput {
  candidate: GateCandidate;
  /** The shell and the other remotes live on the channel (not the release the candidate replaces). */
  parties: GateParty[];
  /** Modules the shell loads from every remote (`./App`). */
  consumedExposes: readonly string[];
}

export type MismatchKind = 'invalid-version' | 'candidate-not-accepted' | 'party-not-accepted' | 'would-upgrade-everyone' | 'missing-expose';

export interface Mismatch {
  kind: MismatchKind;
  /** The shared module or exposed path concerned. */
  subject: string;
  /** The other side, when there is one. */
  party?: string;
  message: string;
}

/** Every reason the candidate must not go live; empty when it may. */
export function checkCompatibility({ candidate, parties, consumedExposes }: GateInput): Mismatch[] {
  const mismatches: Mismatch[] = [];
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
  return mismatches;
}
