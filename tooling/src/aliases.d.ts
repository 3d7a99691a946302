/** The webpack alias routerFacade.ts imports: react-router's production build, typed as react-router. */
declare module 'react-router-production-build' {
  export * from 'react-router';
}
