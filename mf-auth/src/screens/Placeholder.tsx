import { RouteScreen } from '@blockpilot/shared/ui';

/** Stands for a screen whose content comes with the screens issue; it names its route and remote. */
export function Placeholder({ title, route }: { title: string; route: string }) {
  return <RouteScreen title={title} route={route} remote="mf_auth" />;
}
