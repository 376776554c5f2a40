/**
 * EstateDesk React bindings: the provider that carries a runtime and the hooks that read it.
 *
 * @example
 * import { RuntimeProvider, useSession, useCan } from './runtime';
 */
export { EstateDeskContext } from './EstateDeskContext';
export { RuntimeProvider, type RuntimeProviderProps } from './RuntimeProvider';
export { useRuntime } from './useRuntime';
export { useSession } from './useSession';
export { useApi } from './useApi';
export { useToast } from './useToast';
export { useToasts } from './useToasts';
export { useCan, type UseCanResult } from './useCan';
export { useConfig } from './useConfig';
export { COALESCE_MS, useLiveReload, useLiveUpdates, useRecordChanged } from './useLiveUpdates';
export {
  Link,
  linkHref,
  LocationProvider,
  Route,
  Switch,
  useLocation,
  useParams,
  useSearchParams,
  type LinkProps,
  type Navigate,
  type Params,
  type RouteProps,
} from './router';
export {
  defineScreens,
  type NavGroupId,
  type NavIconName,
  type PathParams,
  type Screen,
  type ScreenAccess,
  type ScreenNav,
  type ScreenSpec,
  type Screens,
  type SearchParams,
} from './screens';
export { useQuery, type UseQueryOptions, type QueryResult } from './useQuery';
export { useNextPage, type NextPage } from './useNextPage';
export { useMutation, type UseMutationOptions, type MutationResult } from './useMutation';
export { useQueryCache, queryCacheOf } from './useQueryCache';
export { createQueryCache, type QueryCache, type QueryKey, type QueryState } from './queryCache';
