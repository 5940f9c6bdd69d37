import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { cellText } from './model';
import type { PortalColumn } from './types';
import { valueOf, type GridRow } from './useGridModel';

const useStyles = makeStyles({
  stack: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    minWidth: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  cardFields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  cardTitle: {
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  cardValue: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  cardActions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
});

/** A field of a row's card: its column and the text it shows (undefined: the column renders it). */
export interface CardField<T> {
  column: PortalColumn<T>;
  text: string | undefined;
}

/** The fields of a row's card: a column's value each, in the columns' order; an empty text is left out. */
export function cardFields<T>(cols: PortalColumn<T>[], item: T): CardField<T>[] {
  const fields: CardField<T>[] = [];
  for (const column of cols) {
    const text = column.render ? undefined : cellText(valueOf(column, item));
    // an empty value is left out: the card stays short
    if (text !== '') fields.push({ column, text });
  }
  return fields;
}

/**
 * The rows as a list of cards (the grid's `stacked` layout): each value under its column's title (empty ones left
 * out), the row's actions below (`actionsOf`, when the grid has any). No rows: nothing (the grid's empty text shows).
 */
export function StackedRows<T>({
  ariaLabel,
  rows,
  cols,
  actionsOf,
}: {
  ariaLabel: string;
  rows: GridRow<T>[];
  cols: PortalColumn<T>[];
  actionsOf: ((item: T) => ReactNode) | undefined;
}) {
  const s = useStyles();
  if (rows.length === 0) return null;
  return (
    <ul className={s.stack} aria-label={ariaLabel}>
      {rows.map((row) => {
        const item = row.original.row;
        return (
          <li key={row.id} className={s.card}>
            <dl className={s.cardFields}>
              {cardFields(cols, item).map(({ column: c, text }) => (
                <div key={c.key}>
                  {c.title ? <dt className={s.cardTitle}>{c.title}</dt> : null}
                  <dd className={s.cardValue}>{c.render ? c.render(item) : text}</dd>
                </div>
              ))}
            </dl>
            {actionsOf ? <div className={s.cardActions}>{actionsOf(item)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
