import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  SearchBox,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FilterFilled, FilterRegular } from '@fluentui/react-icons';
import { normalizeText, searchWords, matchesWords } from './model';
import { FILTER_LIST_LIMIT, filterLabel, type HeaderFilterProps } from './HeaderFilter';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '280px',
    overflowY: 'auto',
    minWidth: '220px',
  },
  more: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXS },
});

function FilterList({ title, getOptions, selected, onChange }: HeaderFilterProps) {
  const s = useStyles();
  const [q, setQ] = useState('');
  const options = useMemo(getOptions, [getOptions]);
  const normalized = useMemo(() => options.map((o) => normalizeText(o.label)), [options]);
  const words = searchWords(q);
  const shown = options.filter((_, i) => matchesWords(normalized[i]!, words));
  const all = options.map((o) => o.value);
  return (
    <div className={s.list}>
      <SearchBox
        size="small"
        placeholder="Search"
        aria-label={`Search ${title} values`}
        value={q}
        onChange={(_, d) => setQ(d.value)}
      />
      <Checkbox
        label="(Select all)"
        checked={!selected ? true : selected.size === 0 ? false : 'mixed'}
        onChange={(_, d) => onChange(d.checked ? undefined : new Set())}
      />
      {shown.slice(0, FILTER_LIST_LIMIT).map((o) => (
        <Checkbox
          key={o.value}
          label={o.label}
          checked={!selected || selected.has(o.value)}
          onChange={(_, d) => {
            const next = new Set(selected ?? all);
            if (d.checked) next.add(o.value);
            else next.delete(o.value);
            onChange(next.size === all.length && all.every((v) => next.has(v)) ? undefined : next);
          }}
        />
      ))}
      {shown.length > FILTER_LIST_LIMIT ? (
        <Text size={200} className={s.more}>
          {shown.length - FILTER_LIST_LIMIT} more: type to narrow the list
        </Text>
      ) : null}
    </div>
  );
}

/**
 * The header filter once first opened: Fluent's Popover (positioning, focus trap, Escape) around the same button,
 * loaded on the first click so that a grid's first paint carries no popover code.
 */
export default function HeaderFilterPopover({
  open,
  onOpenChange,
  ...props
}: HeaderFilterProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const label = filterLabel(props.title);
  const active = !!props.selected;
  const button = useRef<HTMLButtonElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  // The first opening replaced the plain button that had focus by this one, so Fluent has no element to give focus
  // back to: when the list closes while it held focus (Escape) and focus is left nowhere, it returns to the button.
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, [open]);
  return (
    <Popover
      trapFocus
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) refocus.current = !!surface.current?.contains(document.activeElement);
        onOpenChange(d.open);
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          ref={button}
          appearance="subtle"
          size="small"
          icon={active ? <FilterFilled /> : <FilterRegular />}
          aria-label={label}
          aria-pressed={active}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        />
      </PopoverTrigger>
      <PopoverSurface ref={surface} aria-label={label} onClick={(e) => e.stopPropagation()}>
        {open ? <FilterList {...props} /> : null}
      </PopoverSurface>
    </Popover>
  );
}
