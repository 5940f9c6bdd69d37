import { Button, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { GridPaging, ShownPage } from './useGridPaging';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  pageSize: { minWidth: '90px' },
});

/**
 * Below a paged grid: "Rows per page" (with two or more `pageSizes`; a new size goes back to the first page), the
 * rows shown of `count`, previous and next page.
 */
export function GridPager({
  ariaLabel,
  count,
  pageSizes,
  paging: { size, setSize, setPage },
  shown: { win, current },
}: {
  ariaLabel: string;
  count: number;
  pageSizes: number[] | undefined;
  paging: GridPaging;
  shown: ShownPage;
}) {
  const s = useStyles();
  return (
    <nav className={s.pager} aria-label={`${ariaLabel} pages`}>
      {pageSizes && pageSizes.length > 1 ? (
        <Select
          aria-label="Rows per page"
          className={s.pageSize}
          value={String(size)}
          onChange={(_, d) => {
            setSize(Number(d.value));
            setPage(0);
          }}
        >
          {pageSizes.map((n) => (
            <option key={n} value={String(n)}>
              {String(n)}
            </option>
          ))}
        </Select>
      ) : null}
      <Text>
        {win.first}–{win.last} of {count}
      </Text>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label="Previous page"
        disabled={current === 0}
        onClick={() => setPage(current - 1)}
      />
      <Text aria-live="polite">
        Page {current + 1} of {win.pages}
      </Text>
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label="Next page"
        disabled={current >= win.pages - 1}
        onClick={() => setPage(current + 1)}
      />
    </nav>
  );
}
