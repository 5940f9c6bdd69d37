import { useMemo, useState } from 'react';
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
import { normalizeText, searchWords, matchesWords, type FilterOption } from './model';

/** The most values the list shows at once; the box above narrows it. */
export const FILTER_LIST_LIMIT = 300;

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

interface HeaderFilterProps {
  title: string;
  /** Computed when the list opens (distinct values of thousands of rows are not needed before). */
  getOptions: () => FilterOption[];
  /** The chosen values; undefined = every value. */
  selected: ReadonlySet<string> | undefined;
  onChange: (selected: Set<string> | undefined) => void;
}

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

/** A column's header filter: a button opening the list of the column's values, each a check box. */
export function HeaderFilter(props: HeaderFilterProps) {
  const [open, setOpen] = useState(false);
  const label = `Filter ${props.title || 'column'}`;
  const active = !!props.selected;
  return (
    <Popover trapFocus open={open} onOpenChange={(_, d) => setOpen(d.open)}>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={active ? <FilterFilled /> : <FilterRegular />}
          aria-label={label}
          aria-pressed={active}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        />
      </PopoverTrigger>
      <PopoverSurface aria-label={label} onClick={(e) => e.stopPropagation()}>
        {open ? <FilterList {...props} /> : null}
      </PopoverSurface>
    </Popover>
  );
}
