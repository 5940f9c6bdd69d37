import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps,
} from '@fluentui/react-components';
import { ArrowResetRegular, ColumnTripleRegular } from '@fluentui/react-icons';

/** A column the person may show or hide: the grid column's `key` and its header's text. */
export interface ChooserColumn {
  key: string;
  title: string;
}

export interface ColumnChooserProps {
  /** The grid's columns in their order (row actions are not columns). */
  columns: readonly ChooserColumn[];
  /** The keys of the columns hidden now. */
  hidden: readonly string[];
  /** The new hidden keys (in the columns' order) when the person checks, unchecks or resets. */
  onHiddenChange: (hidden: string[]) => void;
  /** Columns that are always shown (e.g. the row's code): listed checked, not changeable. */
  alwaysShown?: readonly string[];
  /** The hidden columns of the default view, which "Reset columns" goes back to (none by default). */
  defaultHidden?: readonly string[];
  /** The grid's name, for the button's accessible name ("Columns of <grid>"). */
  gridLabel?: string;
  disabled?: boolean;
}

const NAME = 'columns';

/**
 * A grid toolbar's column chooser: the "Columns" button opens a menu with a checkbox per column
 * (checked = shown), the always-shown columns checked and disabled, and "Reset columns" back to the default. At
 * least one column stays shown: the last one cannot be unchecked. Fluent's Menu gives the keyboard (arrows, Space
 * to toggle, Escape to close) and keeps the menu open while columns are toggled.
 */
export function ColumnChooser({
  columns,
  hidden,
  onHiddenChange,
  alwaysShown = [],
  defaultHidden = [],
  gridLabel,
  disabled,
}: ColumnChooserProps) {
  const hiddenSet = new Set(hidden.filter((k) => !alwaysShown.includes(k)));
  const visible = columns.filter((c) => !hiddenSet.has(c.key)).map((c) => c.key);
  const isDefault =
    columns.filter((c) => hiddenSet.has(c.key)).length === defaultHidden.length &&
    defaultHidden.every((k) => hiddenSet.has(k));
  const onCheckedValueChange: MenuProps['onCheckedValueChange'] = (_, { name, checkedItems }) => {
    if (name !== NAME) return;
    const shown = new Set([...checkedItems, ...alwaysShown]);
    // never every column hidden: the last shown one stays
    if (!columns.some((c) => shown.has(c.key))) return;
    onHiddenChange(columns.filter((c) => !shown.has(c.key)).map((c) => c.key));
  };
  const hiddenCount = columns.length - visible.length;
  return (
    <Menu checkedValues={{ [NAME]: visible }} onCheckedValueChange={onCheckedValueChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          icon={<ColumnTripleRegular />}
          disabled={disabled}
          aria-label={gridLabel ? `Columns of ${gridLabel}` : undefined}
          title={hiddenCount ? `${hiddenCount} hidden` : undefined}
        >
          Columns
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>Show columns</MenuGroupHeader>
            {columns.map((c) => {
              const fixed = alwaysShown.includes(c.key);
              const last = visible.length === 1 && visible[0] === c.key;
              return (
                <MenuItemCheckbox key={c.key} name={NAME} value={c.key} disabled={fixed || last}>
                  {c.title}
                </MenuItemCheckbox>
              );
            })}
          </MenuGroup>
          <MenuDivider />
          <MenuItem
            icon={<ArrowResetRegular />}
            disabled={isDefault}
            onClick={() =>
              onHiddenChange(
                columns
                  .filter((c) => defaultHidden.includes(c.key) && !alwaysShown.includes(c.key))
                  .map((c) => c.key),
              )
            }
          >
            Reset columns
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
