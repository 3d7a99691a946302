/** UI primitives used by more than one remote. */
export { Button } from './Button';
export { Paper, PageContainer } from './layout';
export { Spinner } from './Spinner';
export { RouteScreen } from './RouteScreen';
export { AppProviders } from './AppProviders';
