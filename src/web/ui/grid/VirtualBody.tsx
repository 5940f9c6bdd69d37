import { useEffect, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { TableBody } from '@fluentui/react-components';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { OVERSCAN, ROW_HEIGHT } from './hooks';

/**
 * The rows of a virtual grid (TanStack Virtual): only those in the scrolling viewport (plus {@link OVERSCAN}),
 * each placed at its offset. A chunk of its own: paged grids (the project list) do not load the virtualizer.
 */
export default function VirtualBody({
  scrollRef,
  height,
  count,
  getItemKey,
  renderItem,
  onLastIndex,
  className,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The viewport's set height: used before layout (and in jsdom, where it measures 0). */
  height: number;
  count: number;
  getItemKey: (index: number) => string | number;
  renderItem: (index: number, style: CSSProperties) => ReactNode;
  /** Told the index of the last rendered row when it changes (infinite mode asks for more near the end). */
  onLastIndex: (index: number) => void;
  className?: string;
}) {
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 0, height },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height })),
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.length ? items[items.length - 1]!.index : -1;
  useEffect(() => onLastIndex(last), [last, onLastIndex]);
  return (
    <TableBody className={className} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((v) => renderItem(v.index, { transform: `translateY(${v.start}px)` }))}
    </TableBody>
  );
}
