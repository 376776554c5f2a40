/**
 * Property details (docs/product/screens.md, /property/:id): cover, title, address, bedrooms,
 * bathrooms, square footage, certificates, type, price, description, the carousel, features split
 * on commas, and a side panel with a static placeholder agent, the location and the owner history;
 * beyond the original description, in the side panel, the leads matching the property (with
 * lead-read) and its upcoming visits with "Schedule visit" (event-read / event-create).
 * "Failed to load property details" / "Property not found" (docs/product/messages.md).
 */
import type { ReactElement } from 'react';
import { MESSAGES, splitFeatures, type Property } from '../../contract';
import { imageUrl, isApiError } from '../../core';
import { Link, useConfig, useLiveReload, useParams, useQuery } from '../../runtime';
import { Badge, EmptyState, ErrorState, LoadingState } from '../../ui';
import { ImageCarousel } from './ImageCarousel';
import { MatchingLeads } from './MatchingLeads';
import { usePropertiesApi } from './propertiesApi';
import { carouselImages, formatPrice, largeCoverPath, propertyKeys } from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { UpcomingVisits } from './UpcomingVisits';
import { PROPERTY_SCREENS } from './widget';

/** docs/product/screens.md: the side panel's agent is a static placeholder. */
export const PLACEHOLDER_AGENT = { name: 'Property Agent', phone: '+91 98765 43210', email: 'agent@example.com' };

const shownValue = (value: unknown): string => (value == null || value === '' ? '—' : String(value));

function Facts({ property }: { property: Property }): ReactElement {
  const s = propertyStyles();
  const rows: Array<[string, string]> = [
    ['Price', formatPrice(property.price) || '—'],
    ['Property type', shownValue(property.property_type)],
    ['Bedrooms', shownValue(property.bedrooms)],
    ['Bathrooms', shownValue(property.bathrooms)],
    ['Square footage', property.square_footage == null || property.square_footage === '' ? '—' : `${String(property.square_footage)} sq ft`],
    ['Certificates', shownValue(property.certificates)],
    ['Year built', shownValue(property.year_built)],
    ['Status', property.status === 'unavailable' ? 'Unavailable' : 'Available'],
  ];
  return (
    <dl className={s.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PropertyDetails(): ReactElement {
  const { id = '' } = useParams<{ id: string }>();
  const api = usePropertiesApi();
  const config = useConfig();
  const result = useQuery(propertyKeys.one(id), (signal) => api.get(id, signal));
  // Details only show: a colleague's change to this property reloads them (docs/activity.md).
  useLiveReload(['property'], [propertyKeys.one(id)]);
  const s = propertyStyles();

  if (result.loading) return <LoadingState label="Loading property..." />;
  if (result.status === 'error') {
    const missing = isApiError(result.error) && result.error.status === 404;
    return missing ? (
      <EmptyState title={MESSAGES.properties.notFound} action={<Link to={PROPERTY_SCREENS.list.href()}>Back to All Properties</Link>} />
    ) : (
      <ErrorState message={MESSAGES.properties.detailFailed} onRetry={result.refetch} />
    );
  }
  const property = result.data;
  if (!property) return <EmptyState title={MESSAGES.properties.notFound} />;
  const title = property.title?.trim() || 'Untitled property';
  const cover = imageUrl(config, largeCoverPath(property));
  const images = carouselImages(property).map((path) => imageUrl(config, path));
  const features = splitFeatures(property.features);
  // docs/product/screens.md shows owner history as static text beside the agent; what the record knows fills it.
  const history = [
    property.year_built ? `Built in ${String(property.year_built)}` : null,
    property.registration_number?.trim() ? `Registered as ${property.registration_number.trim()}` : null,
  ].filter((line): line is string => line !== null);

  return (
    <div className={s.page}>
      <div className={s.detailLayout}>
        <div className={s.side}>
          <div className={s.cover}>{cover ? <img src={cover} alt={title} /> : null}</div>
          <div className={s.panel}>
            <div className={s.header}>
              <h2 className={s.heading}>{title}</h2>
              <Badge colour="orange">Sale</Badge>
            </div>
            {property.address?.trim() ? <p className={s.text}>{property.address}</p> : null}
            <div className={s.price}>{formatPrice(property.price) || '—'}</div>
          </div>
          <div className={s.panel}>
            <Facts property={property} />
          </div>
          {images.length > 0 && (
            <div className={s.panel}>
              <h3 className={s.section}>Images</h3>
              <ImageCarousel images={images} title={title} />
            </div>
          )}
          <div className={s.panel}>
            <h3 className={s.section}>Description</h3>
            <p className={s.text}>{property.description?.trim() || '—'}</p>
          </div>
          {features.length > 0 && (
            <div className={s.panel}>
              <h3 className={s.section}>Features</h3>
              <ul className={s.features} aria-label="Features">
                {features.map((feature, i) => (
                  <li key={`${feature}-${i}`}>
                    <Badge colour="grey">{feature}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <aside className={s.side} aria-label="About this property">
          <div className={s.panel}>
            <h3 className={s.section}>Agent</h3>
            <p className={s.text}>
              {PLACEHOLDER_AGENT.name}
              {'\n'}
              {PLACEHOLDER_AGENT.phone}
              {'\n'}
              {PLACEHOLDER_AGENT.email}
            </p>
          </div>
          <UpcomingVisits property={property} />
          <MatchingLeads property={property} />
          <div className={s.panel}>
            <h3 className={s.section}>Location</h3>
            <p className={s.text}>{[property.location, property.address].filter((v) => v && v.trim()).join('\n') || '—'}</p>
          </div>
          <div className={s.panel}>
            <h3 className={s.section}>Owner history</h3>
            {history.length ? (
              <ul className={s.list}>
                {history.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p className={s.text}>No owner history recorded</p>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}

export default PropertyDetails;
