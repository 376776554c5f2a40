/**
 * The permission checkboxes of a role, grouped by resource as a grid (resources × create, read,
 * edit, delete) so a whole role is seen at once. The -read rule (docs/product/rules.md) lives in
 * `togglePermission`: a
 * -read held in place by another permission of its row is shown ticked and cannot be unticked.
 * A permission the editor does not hold is shown as the role has it, disabled with a hint: the
 * server refuses to grant or remove it (modules/roles/service.ts `changeBeyond`).
 */
import { useId, type ReactElement } from 'react';
import { MESSAGES } from '../../contract';
import { rolesStyles } from './rolesStyles';
import { readLocked, type PermissionGrid as Grid } from './rolesModel';

export interface PermissionGridProps {
  grid: Grid;
  chosen: ReadonlySet<string>;
  onToggle(name: string, on: boolean): void;
  disabled?: boolean;
  /** Whether the editor holds a permission (and so may grant or remove it); all when left out. */
  holds?: (name: string) => boolean;
}

/**
 * @example
 * <PermissionGrid grid={permissionGrid(all)} chosen={chosen} onToggle={(name, on) => setChosen(togglePermission(chosen, name, on, all))} />
 */
export function PermissionGrid({ grid, chosen, onToggle, disabled = false, holds = () => true }: PermissionGridProps): ReactElement {
  const s = rolesStyles();
  const noteId = `ed-grid-note${useId().replace(/[^\w-]/g, '')}`;
  const notYoursId = `${noteId}-not-yours`;
  const anyNotYours = grid.rows.some((row) => Object.values(row.cells).some((name) => name && !holds(name)));
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend className={s.gridLegend}>Permissions</legend>
      <div className={s.gridBox}>
        <table className={s.grid}>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left' }}>
                Resource
              </th>
              {grid.actions.map((action) => (
                <th key={action} scope="col">
                  {action}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => {
              const locked = readLocked(chosen, row.resource);
              return (
                <tr key={row.resource}>
                  <th scope="row">{row.label}</th>
                  {grid.actions.map((action) => {
                    const name = row.cells[action];
                    if (!name) {
                      return (
                        <td key={action} className={s.absent} aria-label={`No ${action} permission for ${row.label}`}>
                          –
                        </td>
                      );
                    }
                    const held = action === 'read' && locked;
                    const notYours = !holds(name);
                    const describedBy = [action === 'read' ? noteId : null, notYours ? notYoursId : null].filter(Boolean).join(' ');
                    return (
                      <td key={action}>
                        <input
                          type="checkbox"
                          name={name}
                          aria-label={`${row.label}: ${action} (${name})`}
                          aria-describedby={describedBy || undefined}
                          title={notYours ? `${name}: ${MESSAGES.roles.notYoursHint}` : held ? `${name} stays ticked while ${row.label} has another permission` : name}
                          checked={chosen.has(name)}
                          disabled={disabled || held || notYours}
                          onChange={(event) => onToggle(name, event.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p id={noteId} className={s.gridNote}>Ticking any permission ticks its row’s read; read is dropped when the row’s last other permission is unticked.</p>
      {anyNotYours ? (
        <p id={notYoursId} className={s.gridNote}>
          Greyed-out boxes: {MESSAGES.roles.notYoursHint}
        </p>
      ) : null}
    </fieldset>
  );
}
