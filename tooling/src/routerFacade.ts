/**
 * What the workspace uses of react-router, and nothing more. Production builds resolve
 * `react-router` and `react-router-dom` here (see webpack.ts): a federation-shared module cannot
 * be tree-shaken (any remote might use any export), so sharing the whole library costs every
 * visitor about 60 KB gzipped of data routers, fetchers and server rendering nobody here calls.
 * Through this module the shared singleton is only the router the app uses. A remote that needs
 * another export adds it here; a missing one fails the build, never the page.
 */
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-production-build';
