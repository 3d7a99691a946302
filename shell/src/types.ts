/** Types of the shell: how it maps routes to remotes and what it knows about loaded remotes. */
import type { RemoteName } from '@blockpilot/shared';

/** Who renders a top-level path: a remote, the shell itself, or a redirect to the signed-in role's home. */
export type RouteOwner =
  /** `operatorsOnly`: rendered (and its remote loaded) only for an operator; anyone else sees "No access". */
  { path: string; remote: RemoteName; operatorsOnly?: boolean } | { path: string; shell: 'logout' } | { path: string; home: true };

/** A staging preview request: one remote loaded from another manifest URL for this tab. */
export interface PreviewOverride {
  remote: string;
  entry: string;
}

/** Why a preview was refused: no remote of that name, no valid URL, or an origin off the allow-list (the banner words it). */
export type PreviewRefusal = 'unknownRemote' | 'invalidUrl' | 'notAllowed';

/** The outcome of checking a preview request against the server's allow-list. */
export type PreviewState =
  { kind: 'none' } | { kind: 'active'; override: PreviewOverride; origin: string } | { kind: 'refused'; override: PreviewOverride; origin: string; reason: PreviewRefusal };
