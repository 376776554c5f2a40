/**
 * A titled group of fields (Edit Lead in docs/product/screens.md: Personal Information, Address
 * Information, Lead Information). A `fieldset` with a `legend`, so screen readers announce the
 * group's name when focus enters it.
 *
 * @example
 * <FormSection title="Personal Information">
 *   <FormGrid>...</FormGrid>
 * </FormSection>
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { v } from './theme';

export interface FormSectionProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

const styles = lazyStyles(() => ({
  section: css`
    min-width: 0;
    margin: 0;
    padding: 0;
    border: 0;
    & + & {
      margin-top: 24px;
      padding-top: 20px;
      border-top: 1px solid ${v('border')};
    }
  `,
  legend: css`
    float: left;
    width: 100%;
    margin: 0 0 4px;
    padding: 0;
    font-size: 15px;
    font-weight: 600;
    color: ${v('text')};
    & + * { clear: both; }
  `,
  description: css`
    clear: both;
    margin: 0 0 12px;
    font-size: 13px;
    color: ${v('muted')};
  `,
  body: css`clear: both; padding-top: 8px;`,
}));

/**
 * A fieldset with a heading.
 *
 * @example
 * <FormSection title="Address Information" description="Where the lead lives">...</FormSection>
 */
export function FormSection({ title, description, children, className }: FormSectionProps): ReactElement {
  const s = styles();
  return (
    <fieldset className={cx(s.section, className)}>
      <legend className={s.legend}>{title}</legend>
      {description && <p className={s.description}>{description}</p>}
      <div className={s.body}>{children}</div>
    </fieldset>
  );
}
