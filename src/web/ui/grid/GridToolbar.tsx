import { useState, type ReactNode } from 'react';
import { Button, SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { SEARCH_PANEL_WIDTH_PX } from '@domain/constants';

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  spacer: { flexGrow: 1 },
  search: { width: `${SEARCH_PANEL_WIDTH_PX}px`, maxWidth: '100%' },
});

/** The search box: its own state, so a keystroke re-renders the box and the grid's rows, not the whole screen. */
function GridSearch({ placeholder, onChange }: { placeholder: string; onChange: (text: string) => void }) {
  const s = useStyles();
  const [value, setValue] = useState('');
  return (
    <SearchBox
      className={s.search}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(_, d) => {
        setValue(d.value);
        onChange(d.value);
      }}
    />
  );
}

/**
 * Above the grid: the add button (when `onAdd`), the screen's `toolbar`, and the search box (when `search`) at the
 * end; nothing at all without any of them.
 */
export function GridToolbar({
  search,
  searchPlaceholder,
  onSearch,
  toolbar,
  addLabel = 'Add',
  onAdd,
}: {
  search: boolean | undefined;
  searchPlaceholder: string | undefined;
  onSearch: (text: string) => void;
  toolbar: ReactNode;
  addLabel: string | undefined;
  onAdd: (() => void) | undefined;
}) {
  const s = useStyles();
  if (!search && !toolbar && !onAdd) return null;
  return (
    <div className={s.toolbar}>
      {onAdd ? (
        <Button icon={<AddRegular />} onClick={() => onAdd()}>
          {addLabel}
        </Button>
      ) : null}
      {toolbar}
      <span className={s.spacer} />
      {search ? <GridSearch placeholder={searchPlaceholder ?? 'Search'} onChange={onSearch} /> : null}
    </div>
  );
}
