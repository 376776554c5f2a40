/**
 * The password requirements checklist (docs/product/screens.md, rules.md): one line per rule of
 * `PASSWORD_RULES`, ticked as the password meets it. With `toggle`, a "See Password Requirements"
 * button shows and hides it (docs/product/screens.md: a toggleable checklist); its words stay the
 * product's, `aria-expanded` and the chevron tell whether the list is open.
 */
import { useId, type ReactElement } from 'react';
import { PASSWORD_RULES } from '../../contract';
import { Button } from '../../ui/Button';
import { css, cx, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { AUTH_TEXT } from './authText';

const T = AUTH_TEXT.register;

const styles = lazyStyles(() => ({
  wrap: css`
    display: grid;
    gap: 8px;
    justify-items: start;
  `,
  toggle: css`
    gap: 4px;
    font-size: 13px;
  `,
  chevron: css`
    transition: transform 0.15s;
  `,
  chevronOpen: css`
    transform: rotate(180deg);
  `,
  box: css`
    width: 100%;
    box-sizing: border-box;
    padding: 12px 14px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('bg')};
  `,
  heading: css`
    margin: 0 0 8px;
    font-size: 12px;
    font-weight: 600;
    color: ${v('muted')};
  `,
  list: css`
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  `,
  rule: css`
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 13px;
    color: ${v('muted')};
    transition: color 0.15s;
  `,
  met: css`
    color: ${v('success')};
  `,
  dot: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    border: 1.5px solid currentColor;
    color: inherit;
  `,
  dotMet: css`
    border-color: transparent;
    background: ${tint('success', 16)};
  `,
}));

export interface PasswordChecklistProps {
  /** The password being typed. */
  password: string;
  /** Whether the list is shown (with `toggle`, the button's state). */
  open?: boolean;
  /** Shows the "See Password Requirements" button, calling `onToggle`. */
  toggle?: boolean;
  onToggle?: () => void;
  /** Id of the list, e.g. to reference it from the password field's `aria-describedby`. */
  id?: string;
}

/**
 * The requirements checklist.
 *
 * @example
 * <PasswordChecklist password={values.password} toggle open={shown} onToggle={() => setShown(!shown)} />
 */
export function PasswordChecklist({ password, open = true, toggle = false, onToggle, id }: PasswordChecklistProps): ReactElement {
  const s = styles();
  const autoId = `ed-pw-rules${useId().replace(/[^\w-]/g, '')}`;
  const listId = id ?? autoId;
  const shown = toggle ? open : true;
  return (
    <div className={s.wrap}>
      {toggle && (
        <Button variant="link" className={s.toggle} aria-expanded={shown} aria-controls={listId} onClick={onToggle}>
          {T.showRequirements}
          <svg className={cx(s.chevron, shown && s.chevronOpen)} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </Button>
      )}
      <div id={listId} className={s.box} hidden={!shown}>
        <p id={`${listId}-title`} className={s.heading}>
          {T.requirementsTitle}
        </p>
        <ul className={s.list} aria-labelledby={`${listId}-title`}>
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(password);
            return (
              <li key={rule.id} className={cx(s.rule, met && s.met)} data-rule={rule.id} data-met={met}>
                <span className={cx(s.dot, met && s.dotMet)} aria-hidden="true">
                  {met && (
                    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" focusable="false">
                      <path d="M5 12l5 5L20 7" />
                    </svg>
                  )}
                </span>
                {rule.label}
                <span className={visuallyHidden()}>{met ? ' (met)' : ' (not met)'}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
