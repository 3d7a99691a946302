/** The webpack alias routerFacade.ts imports: react-router's production build, typed as react-router. */
declare module 'react-router-production-build' {
  export * from 'react-router';
}

/** The webpack alias of the remote being built's routes (`<remote>/src/App.tsx`), for remoteLifecycle.ts. */
declare module '@blockpilot/remote-app' {
  const App: import('react').ComponentType;
  export default App;
}
