/**
 * All Properties (/properties/list): search and filters, the card grid, 12 a page with Load More
 * (by cursor when the server gives one, else by page number; propertiesModel `nextPageRequest`),
 * the heart toggle, the status setting (PUT at once, optimistic, undone on
 * failure), edit and delete ("Confirm Delete"). Edit and status need property-edit, delete
 * property-delete, Add property-create (docs/product/roles.md).
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, PROPERTY_PAGE_SIZE, type Property } from '../../contract';
import { useCan, useLiveReload, useLocation, useMutation, useQuery, useRuntime, useToast } from '../../runtime';
import { Button, EmptyState, ErrorState, Icon, LoadingState } from '../../ui';
import { DeletePropertyDialog } from './DeletePropertyDialog';
import { handOver } from './handoff';
import { PropertyCard } from './PropertyCard';
import { PropertyFiltersBar } from './PropertyFiltersBar';
import { usePropertiesApi, type PropertiesApi } from './propertiesApi';
import {
  FIRST_PAGE,
  NO_FILTERS,
  hasMorePages,
  isFavourite,
  nextPageRequest,
  propertyKeys,
  rechained,
  unseenCards,
  withFields,
  type PageRequest,
  type PropertiesPage,
  type PropertyFilters,
} from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { useFavourites } from './useFavourites';
import { PROPERTY_SCREENS } from './widget';

export const FETCH_FAILED = 'Failed to fetch properties';
export const STATUS_FAILED = 'Failed to update status';
/** Beyond the original description (filters); "No property data available" stays for a company without listings. */
export const NOTHING_MATCHES = 'No properties match your search and filters';

function usePage(api: PropertiesApi, filters: PropertyFilters, request: PageRequest) {
  const toast = useToast();
  const { page, cursor } = request;
  return useQuery(propertyKeys.page(filters, request), (signal) => api.list({ page, limit: PROPERTY_PAGE_SIZE, filters, cursor }, signal), {
    onError: () => toast.error(FETCH_FAILED),
  });
}

interface PagesProps {
  api: PropertiesApi;
  filters: PropertyFilters;
  requests: readonly PageRequest[];
  index: number;
  /** Ids of the cards earlier pages show. */
  seen: ReadonlySet<string>;
  /** Page `index` answered: where it ends now (propertiesModel `rechained`). */
  onAnswer(index: number, nextCursor: string | null | undefined): void;
  cardProps(property: Property): Omit<Parameters<typeof PropertyCard>[0], 'property'>;
}

/**
 * Page `index` of cards, then the pages after it: each page is its own query, so Load More fetches
 * only the next 12, and each shows only cards no earlier page shows. A page whose start moved
 * keeps its cards on screen until its new ones arrive.
 */
function GridPages({ api, filters, requests, index, seen, onAnswer, cardProps }: PagesProps): ReactElement {
  const result = usePage(api, filters, requests[index]!);
  const held = useRef<PropertiesPage | undefined>(undefined);
  if (result.data) held.current = result.data;
  const nextCursor = result.data?.nextCursor;
  useEffect(() => onAnswer(index, nextCursor), [onAnswer, index, nextCursor]);
  const shown = unseenCards(held.current?.properties ?? [], seen);
  return (
    <>
      {shown.cards.map((property) => (
        <PropertyCard key={String(property.id)} property={property} {...cardProps(property)} />
      ))}
      {index + 1 < requests.length && (
        <GridPages api={api} filters={filters} requests={requests} index={index + 1} seen={shown.seen} onAnswer={onAnswer} cardProps={cardProps} />
      )}
    </>
  );
}

const NONE_SEEN: ReadonlySet<string> = new Set();

export function PropertyList(): ReactElement {
  const api = usePropertiesApi();
  const runtime = useRuntime();
  // A colleague's property change reloads the grid (docs/activity.md).
  useLiveReload(['property'], [propertyKeys.lists]);
  const toast = useToast();
  const [, navigate] = useLocation();
  const favourites = useFavourites();
  const canCreate = useCan(PERMISSIONS.propertyCreate).allowed;
  const canEdit = useCan(PERMISSIONS.propertyEdit).allowed;
  const canDelete = useCan(PERMISSIONS.propertyDelete).allowed;
  const [filters, setFiltersState] = useState<PropertyFilters>(NO_FILTERS);
  const [requests, setRequests] = useState<readonly PageRequest[]>([FIRST_PAGE]);
  const [deleting, setDeleting] = useState<Property | null>(null);

  // New filters start again at page 1; the same filters handed over again change nothing.
  const filtersRef = useRef(filters);
  const setFilters = useCallback((next: PropertyFilters) => {
    if (JSON.stringify(filtersRef.current) === JSON.stringify(next)) return;
    filtersRef.current = next;
    setFiltersState(next);
    setRequests([FIRST_PAGE]);
  }, []);
  // Clearing starts the filters bar afresh (it keeps what is typed until the pause ends).
  const [barKey, setBarKey] = useState(0);
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setBarKey((k) => k + 1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const first = usePage(api, filters, requests[0]!);
  const lastRequest = requests[requests.length - 1]!;
  const last = usePage(api, filters, lastRequest);
  const onAnswer = useCallback((index: number, nextCursor: string | null | undefined) => {
    setRequests((current) => rechained(current, index, nextCursor));
  }, []);
  const loadMore = () => {
    const next = last.data && nextPageRequest(lastRequest, last.data);
    if (next) setRequests((current) => [...current, next]);
  };

  const setStatus = useMutation({
    mutate: ({ property, status }: { property: Property; status: string }) => api.update(property.id, { status: status as 'available' | 'unavailable' }),
    optimistic: ({ property, status }, setData) => setData<PropertiesPage>(propertyKeys.lists, withFields(property.id, { status })),
    invalidates: (_result, { property }) => [propertyKeys.one(property.id)],
    onSuccess: (_result, { property, status }) => {
      // A favourite keeps the status it has now.
      if (isFavourite(favourites.list, property.id)) {
        favourites.replace(favourites.list.map((f) => (String(f.id) === String(property.id) ? { ...f, status } : f)));
      }
    },
    onError: (error) => {
      console.error(error);
      toast.error(STATUS_FAILED);
    },
  });

  const cardProps = (property: Property) => ({
    favourite: isFavourite(favourites.list, property.id),
    onToggleFavourite: favourites.toggle,
    onStatus: canEdit ? (p: Property, status: string) => void setStatus.mutate({ property: p, status }) : undefined,
    onEdit: canEdit
      ? (p: Property) => {
          handOver(runtime, p);
          navigate(PROPERTY_SCREENS.edit.href({ id: p.id }));
        }
      : undefined,
    onDelete: canDelete ? setDeleting : undefined,
  });

  const s = propertyStyles();
  const more = last.data ? hasMorePages(last.data, requests.length, PROPERTY_PAGE_SIZE) : false;

  let content: ReactElement;
  if (first.status === 'error') content = <ErrorState message={FETCH_FAILED} onRetry={first.refetch} />;
  else if (first.loading) content = <LoadingState label="Loading properties..." />;
  else if (!first.data?.properties.length && filtered)
    content = (
      <EmptyState
        title={NOTHING_MATCHES}
        icon="search"
        action={
          <Button variant="secondary" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  else if (!first.data?.properties.length) content = <EmptyState title={MESSAGES.properties.noData} icon="inbox" />;
  else
    content = (
      <>
        <div className={s.grid}>
          <GridPages api={api} filters={filters} requests={requests} index={0} seen={NONE_SEEN} onAnswer={onAnswer} cardProps={cardProps} />
        </div>
        {last.status === 'error' ? (
          <ErrorState message={FETCH_FAILED} onRetry={last.refetch} />
        ) : (
          (more || last.loading) && (
            <div className={s.more}>
              <Button variant="secondary" busy={last.loading} busyLabel="Loading..." onClick={loadMore}>
                Load More
              </Button>
            </div>
          )
        )}
      </>
    );

  return (
    <div className={s.page}>
      <div className={s.header}>
        <h2 className={s.heading}>All Properties</h2>
        {canCreate && (
          <Button icon={<Icon name="plus" />} onClick={() => navigate(PROPERTY_SCREENS.add.href())}>
            Add Property
          </Button>
        )}
      </div>
      <PropertyFiltersBar key={barKey} initial={filters} onChange={setFilters} />
      {content}
      <DeletePropertyDialog property={deleting} onClose={() => setDeleting(null)} api={api} />
    </div>
  );
}

export default PropertyList;
