/**
 * One card of the grid and of Favourites (docs/product/screens.md): cover (lazy, fixed ratio), the
 * fixed city label and "Sale" badge, heart toggle, title, short price, facts, the date, and — as
 * permissions allow — the status setting, edit and delete; Favourites shows a remove button
 * instead.
 */
import { memo, type ReactElement } from 'react';
import { MESSAGES, PROPERTY_STATUSES, type Property } from '../../contract';
import { formatDate, imageUrl } from '../../core';
import { Link, useConfig } from '../../runtime';
import { Badge, Button, Icon, IconButton, SelectField } from '../../ui';
import { coverPath, formatPrice, formatPriceShort } from './propertiesModel';
import { propertyStyles } from './propertyStyles';
import { PROPERTY_SCREENS } from './widget';

/** docs/product/screens.md: cards show a fixed city label, the same on every card. */
export const CARD_CITY = 'Hyderabad';

export interface PropertyCardProps {
  property: Property | null | undefined;
  favourite: boolean;
  onToggleFavourite(property: Property): void;
  /** Shown with property-edit: the status select and Edit. */
  onStatus?(property: Property, status: string): void;
  onEdit?(property: Property): void;
  /** Shown with property-delete. */
  onDelete?(property: Property): void;
  /** Favourites: a Remove button. */
  onRemove?(property: Property): void;
}

const plural = (n: unknown, one: string) => (n == null || n === '' ? null : `${String(n)} ${one}${Number(n) === 1 ? '' : 's'}`);

export const PropertyCard = memo(function PropertyCard({ property, favourite, onToggleFavourite, onStatus, onEdit, onDelete, onRemove }: PropertyCardProps): ReactElement {
  const s = propertyStyles();
  const config = useConfig();
  if (!property) {
    return (
      <article className={s.card}>
        <p className={s.body}>{MESSAGES.properties.noData}</p>
      </article>
    );
  }
  const title = property.title?.trim() || 'Untitled property';
  const src = imageUrl(config, coverPath(property));
  const status = property.status === 'unavailable' ? 'unavailable' : 'available';
  const facts = [plural(property.bedrooms, 'Bed'), plural(property.bathrooms, 'Bath'), property.square_footage != null && property.square_footage !== '' ? `${String(property.square_footage)} sq ft` : null].filter(Boolean);
  return (
    <article className={s.card} aria-label={title}>
      <div className={s.media}>
        {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : null}
        <div className={s.badges}>
          <Badge colour="orange">Sale</Badge>
          <Badge colour="grey">{CARD_CITY}</Badge>
        </div>
        <IconButton
          className={s.heart}
          size="sm"
          variant="ghost"
          aria-label={favourite ? `Remove ${title} from favourites` : `Add ${title} to favourites`}
          aria-pressed={favourite}
          onClick={() => onToggleFavourite(property)}
        >
          <Icon name="heart" />
        </IconButton>
      </div>
      <div className={s.body}>
        <h3 className={s.title}>
          <Link to={PROPERTY_SCREENS.details.href({ id: property.id })}>{title}</Link>
        </h3>
        <div className={s.price} title={formatPrice(property.price)}>
          {formatPriceShort(property.price) || '—'}
        </div>
        <div className={s.meta}>
          {property.property_type ? <span>{property.property_type}</span> : null}
          {facts.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </div>
        <div className={s.meta}>{formatDate(property.created_at)}</div>
        {(onStatus || onEdit || onDelete || onRemove) && (
          <div className={s.actions}>
            {onStatus ? (
              <SelectField
                label={`Status of ${title}`}
                hideLabel
                size="sm"
                options={PROPERTY_STATUSES.map((value) => ({ value, label: value === 'available' ? 'Available' : 'Unavailable' }))}
                value={status}
                onChange={(event) => onStatus(property, event.target.value)}
              />
            ) : (
              <span />
            )}
            {onEdit && (
              <IconButton size="sm" variant="secondary" aria-label={`Edit ${title}`} onClick={() => onEdit(property)}>
                <Icon name="edit" />
              </IconButton>
            )}
            {onDelete && (
              <IconButton size="sm" variant="danger" aria-label={`Delete ${title}`} onClick={() => onDelete(property)}>
                <Icon name="trash" />
              </IconButton>
            )}
            {onRemove && (
              <Button size="sm" variant="secondary" onClick={() => onRemove(property)}>
                Remove
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
});
