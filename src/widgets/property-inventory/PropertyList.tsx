/**
 * All Properties (SPEC §2, /properties/list): search and filters, the card grid, 12 a page with
 * Load More (SPEC §9), the heart toggle, the status setting (PUT at once, optimistic, undone on
 * failure), edit and delete ("Confirm Delete"). Edit and status need property-edit, delete
 * property-delete, Add property-create (SPEC §6).
 */
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { MESSAGES, PERMISSIONS, PROPERTY_PAGE_SIZE, type Property } from '../../contract';
import { useCan, useLocation, useMutation, useQuery, useRuntime, useToast } from '../../runtime';
import { Button, EmptyState, ErrorState, Icon, LoadingState } from '../../ui';
import { DeletePropertyDialog } from './DeletePropertyDialog';
import { handOver } from './handoff';
import { PropertyCard } from './PropertyCard';
import { PropertyFiltersBar } from './PropertyFiltersBar';
import { usePropertiesApi, type PropertiesApi } from './propertiesApi';
import { NO_FILTERS, isFavourite, propertyKeys, withFields, type PropertiesPage, type PropertyFilters } from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { useFavourites } from './useFavourites';

export const FETCH_FAILED = 'Failed to fetch properties';
export const STATUS_FAILED = 'Failed to update status';
/** Beyond SPEC: SPEC's "No property data available" stays for a company without listings. */
export const NOTHING_MATCHES = 'No properties match your search and filters';

function usePage(api: PropertiesApi, filters: PropertyFilters, page: number) {
  const toast = useToast();
  return useQuery(propertyKeys.page(filters, page), (signal) => api.list({ page, limit: PROPERTY_PAGE_SIZE, filters }, signal), {
    onError: () => toast.error(FETCH_FAILED),
  });
}

interface PageProps {
  api: PropertiesApi;
  filters: PropertyFilters;
  page: number;
  cardProps(property: Property): Omit<Parameters<typeof PropertyCard>[0], 'property'>;
}

/** One page of cards; each page is its own query, so Load More fetches only the next 12. */
function GridPage({ api, filters, page, cardProps }: PageProps): ReactElement | null {
  const result = usePage(api, filters, page);
  if (!result.data) return null;
  return (
    <>
      {result.data.properties.map((property) => (
        <PropertyCard key={String(property.id)} property={property} {...cardProps(property)} />
      ))}
    </>
  );
}

export function PropertyList(): ReactElement {
  const api = usePropertiesApi();
  const runtime = useRuntime();
  const toast = useToast();
  const [, navigate] = useLocation();
  const favourites = useFavourites();
  const canCreate = useCan(PERMISSIONS.propertyCreate).allowed;
  const canEdit = useCan(PERMISSIONS.propertyEdit).allowed;
  const canDelete = useCan(PERMISSIONS.propertyDelete).allowed;
  const [filters, setFiltersState] = useState<PropertyFilters>(NO_FILTERS);
  const [pages, setPages] = useState(1);
  const [deleting, setDeleting] = useState<Property | null>(null);

  // New filters start again at page 1; the same filters handed over again change nothing.
  const filtersRef = useRef(filters);
  const setFilters = useCallback((next: PropertyFilters) => {
    if (JSON.stringify(filtersRef.current) === JSON.stringify(next)) return;
    filtersRef.current = next;
    setFiltersState(next);
    setPages(1);
  }, []);
  // Clearing starts the filters bar afresh (it keeps what is typed until the pause ends).
  const [barKey, setBarKey] = useState(0);
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setBarKey((k) => k + 1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const first = usePage(api, filters, 1);
  const last = usePage(api, filters, pages);

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
          navigate(`/properties/edit/${encodeURIComponent(String(p.id))}`);
        }
      : undefined,
    onDelete: canDelete ? setDeleting : undefined,
  });

  const s = propertyStyles();
  const total = last.data?.total ?? first.data?.total ?? 0;
  const shown = Math.min(total, pages * PROPERTY_PAGE_SIZE);

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
          {Array.from({ length: pages }, (_, i) => (
            <GridPage key={i + 1} api={api} filters={filters} page={i + 1} cardProps={cardProps} />
          ))}
        </div>
        {last.status === 'error' ? (
          <ErrorState message={FETCH_FAILED} onRetry={last.refetch} />
        ) : (
          shown < total && (
            <div className={s.more}>
              <Button variant="secondary" busy={last.loading} busyLabel="Loading..." onClick={() => setPages((p) => p + 1)}>
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
          <Button icon={<Icon name="plus" />} onClick={() => navigate('/properties/add')}>
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
