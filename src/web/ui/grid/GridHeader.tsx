import { memo } from 'react';
import {
  Button,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowSortDownRegular, ArrowSortUpRegular } from '@fluentui/react-icons';
import { ACTIONS_STYLE, widthStyle } from './columns';
import { HeaderFilter } from './HeaderFilter';
import { SelectionCell } from './lazyParts';
import type { FilterOption, PortalColumn, SortState } from './types';
import { isFilterable, isSortable } from './useGridModel';
import type { GridFilters } from './useSortAndFilters';

const useStyles = makeStyles({
  stickyHeader: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  headerCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, width: '100%' },
  headerTitle: {
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    fontSize: tokens.fontSizeBase200,
    minWidth: 0,
    // a single long word in a narrow column breaks instead of running under the filter button
    overflowWrap: 'break-word',
  },
});

export interface GridHeaderProps<T> {
  cols: PortalColumn<T>[];
  /** Infinite mode: no client sort; only the columns' `serverFilter`s filter. */
  server: boolean;
  /** Virtual rows: the header stays at the viewport's top. */
  sticky: boolean;
  selectable: 'single' | 'multiselect' | undefined;
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
  sort: SortState | undefined;
  onSort: (sort: SortState) => void;
  filters: GridFilters;
  setFilter: (key: string, sel: ReadonlySet<string> | undefined) => void;
  /** A column's header filter options (from every row). */
  optionsOf: (col: PortalColumn<T>) => () => FilterOption[];
  /** Scrolls back to the first row when a filter changes. */
  toTop: () => void;
  hasActions: boolean;
}

/** The header row (see GridHeader). */
function GridHeaderRow<T>(p: GridHeaderProps<T>) {
  const s = useStyles();
  const { sort, server, selectable } = p;
  const toggleSort = (key: string) =>
    p.onSort({ key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });
  const headerFilter = (c: PortalColumn<T>) => {
    if (c.serverFilter) {
      const sf = c.serverFilter;
      return (
        <HeaderFilter
          title={c.title}
          getOptions={() => sf.options}
          selected={sf.selected ? new Set(sf.selected) : undefined}
          onChange={(sel) => {
            p.toTop();
            sf.onChange(sel ? [...sel] : undefined);
          }}
        />
      );
    }
    if (server || !isFilterable(c)) return null;
    return (
      <HeaderFilter
        title={c.title}
        getOptions={p.optionsOf(c)}
        selected={p.filters[c.key]}
        onChange={(sel) => {
          p.toTop();
          p.setFilter(c.key, sel);
        }}
      />
    );
  };
  return (
    <TableHeader className={p.sticky ? s.stickyHeader : undefined}>
      <TableRow aria-rowindex={1}>
        {selectable ? (
          <SelectionCell
            role="columnheader"
            type={selectable === 'multiselect' ? 'checkbox' : 'radio'}
            invisible={selectable === 'single'}
            checked={p.allSelected ? true : p.someSelected ? 'mixed' : false}
            checkboxIndicator={{ 'aria-label': 'Select all rows' }}
            onClick={p.toggleAll}
          />
        ) : null}
        {p.cols.map((c) => {
          const sortable = !server && isSortable(c);
          const dir = sort?.key === c.key ? sort.direction : undefined;
          return (
            <TableHeaderCell
              key={c.key}
              style={widthStyle(c.width)}
              aria-sort={
                sortable ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined
              }
            >
              <div className={s.headerCell}>
                {sortable ? (
                  <Button
                    appearance="transparent"
                    size="small"
                    className={s.headerTitle}
                    icon={
                      dir === 'asc' ? (
                        <ArrowSortUpRegular />
                      ) : dir === 'desc' ? (
                        <ArrowSortDownRegular />
                      ) : undefined
                    }
                    iconPosition="after"
                    onClick={() => toggleSort(c.key)}
                  >
                    {c.title}
                  </Button>
                ) : (
                  <span className={s.headerTitle}>{c.title}</span>
                )}
                {c.title ? headerFilter(c) : null}
              </div>
            </TableHeaderCell>
          );
        })}
        {p.hasActions ? <TableHeaderCell style={ACTIONS_STYLE} aria-label="Actions" /> : null}
      </TableRow>
    </TableHeader>
  );
}

/**
 * The header row: "select all", each column's title (a sort button where it sorts) and header filter, the actions
 * column. Memoised: it renders again when its sort, filters, options or selection change — not on a keystroke.
 */
export const GridHeader = memo(GridHeaderRow) as typeof GridHeaderRow;
