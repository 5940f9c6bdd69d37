import { Suspense, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { FilterFilled, FilterRegular } from '@fluentui/react-icons';
import type { FilterOption } from './model';
import { lazyComponent } from '../lazy';

/** The most values the list shows at once; the box above narrows it. */
export const FILTER_LIST_LIMIT = 300;

export const filterLabel = (title: string) => `Filter ${title || 'column'}`;

// the popover (Fluent's Popover, check boxes, the value list) loads on the first click
const HeaderFilterPopover = lazyComponent(() => import('./HeaderFilterPopover'));

export interface HeaderFilterProps {
  title: string;
  /** Computed when the list opens (distinct values of thousands of rows are not needed before). */
  getOptions: () => FilterOption[];
  /** The chosen values; undefined = every value. */
  selected: ReadonlySet<string> | undefined;
  onChange: (selected: Set<string> | undefined) => void;
}

/**
 * A column's header filter: a button opening the list of the column's values, each a check box. Until it is first
 * opened it is only the button.
 */
export function HeaderFilter(props: HeaderFilterProps) {
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const label = filterLabel(props.title);
  const active = !!props.selected;
  const button = (
    <Button
      appearance="subtle"
      size="small"
      icon={active ? <FilterFilled /> : <FilterRegular />}
      aria-label={label}
      aria-pressed={active}
      onClick={(e) => {
        e.stopPropagation();
        setArmed(true);
        setOpen(true);
      }}
      onKeyDown={(e) => e.stopPropagation()}
    />
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <HeaderFilterPopover {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
