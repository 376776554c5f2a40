/**
 * Favourites (docs/product/screens.md, /properties/favourites): "Favorite Properties", "No favorite
 * properties yet", cards with Remove. The list lives in the browser (docs/product/data.md); when it
 * is shown, each favourite is asked for again: a changed one is refreshed, a deleted one dropped.
 */
import { useEffect, type ReactElement } from 'react';
import { MESSAGES, type Property } from '../../contract';
import { isApiError } from '../../core';
import { useQuery } from '../../runtime';
import { EmptyState } from '../../ui';
import { PropertyCard } from './PropertyCard';
import { usePropertiesApi, type PropertiesApi } from './propertiesApi';
import { idKey, propertyKeys, refreshFavourites } from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { useFavourites } from './useFavourites';

/** What the server says now of each favourite: the property, `null` when gone, nothing when unknown. */
async function freshCopies(api: PropertiesApi, ids: readonly string[], signal: AbortSignal): Promise<Map<string, Property | null>> {
  const answers = await Promise.allSettled(ids.map((id) => api.get(id, signal)));
  const fresh = new Map<string, Property | null>();
  answers.forEach((answer, i) => {
    const id = ids[i]!;
    if (answer.status === 'fulfilled') fresh.set(id, answer.value);
    else if (isApiError(answer.reason) && answer.reason.status === 404) fresh.set(id, null);
  });
  return fresh;
}

export function Favourites(): ReactElement {
  const api = usePropertiesApi();
  const favourites = useFavourites();
  const ids = favourites.list.map((p) => idKey(p.id)).sort();
  const fresh = useQuery(ids.length ? [...propertyKeys.all, 'favourites', ids.join(',')] : null, (signal) => freshCopies(api, ids, signal));
  const { list, replace } = favourites;

  useEffect(() => {
    if (fresh.data) replace(refreshFavourites(list, fresh.data));
    // Only a new answer refreshes; the list it produces must not trigger another pass.
  }, [fresh.data]);

  const s = propertyStyles();
  return (
    <div className={s.page}>
      <div className={s.header}>
        <h2 className={s.heading}>{MESSAGES.properties.favouritesTitle}</h2>
      </div>
      {list.length === 0 ? (
        <EmptyState title={MESSAGES.properties.noFavourites} icon="heart" />
      ) : (
        <div className={s.grid}>
          {list.map((property) => (
            <PropertyCard key={idKey(property.id)} property={property} favourite onToggleFavourite={favourites.toggle} onRemove={favourites.toggle} />
          ))}
        </div>
      )}
    </div>
  );
}

export default Favourites;
