import type { ReactNode } from 'react';
import { Tab, TabList, makeStyles, mergeClasses } from '@fluentui/react-components';

/** A tab: its id and its label (the tab's text and the name of its panel). */
export type TabEntry<Id extends string | number> = readonly [id: Id, label: string];

const useStyles = makeStyles({
  // on a phone (Teams mobile) tabs that do not fit scroll within their list: the page never gets wider than the
  // screen; the focused tab scrolls into view as the arrow keys move through the list
  scroll: { overflowX: 'auto', maxWidth: '100%', scrollbarWidth: 'thin', '& > *': { flexShrink: 0 } },
});

/**
 * Fluent's TabList over one tab panel (role tabpanel, named after the selected tab): the tabs of a screen or a
 * dialog; the caller keeps the selected tab and renders its content as the children.
 */
export function Tabs<Id extends string | number>({
  label,
  tabs,
  selected,
  onSelect,
  vertical,
  panelClassName,
  children,
}: {
  label: string;
  tabs: readonly TabEntry<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  vertical?: boolean;
  panelClassName?: string;
  children: ReactNode;
}) {
  const s = useStyles();
  return (
    <>
      <TabList
        className={mergeClasses(!vertical && s.scroll)}
        selectedValue={selected}
        onTabSelect={(_, d) => onSelect(d.value as Id)}
        aria-label={label}
        vertical={vertical}
      >
        {tabs.map(([id, text]) => (
          <Tab key={id} value={id}>
            {text}
          </Tab>
        ))}
      </TabList>
      <div className={panelClassName} role="tabpanel" aria-label={tabs.find(([id]) => id === selected)?.[1]}>
        {children}
      </div>
    </>
  );
}
