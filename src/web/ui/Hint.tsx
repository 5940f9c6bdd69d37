import {
  Children,
  Suspense,
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { lazyComponent } from './lazy';

/** Fluent's tooltip delays: shown 250 ms after the pointer arrives, hidden 250 ms after it leaves. */
export const HINT_SHOW_DELAY_MS = 250;
export const HINT_HIDE_DELAY_MS = 250;

// Fluent's Tooltip (with its positioning, portal and motion code) loads when a hint is first shown
const HintBubble = lazyComponent(() => import('./HintBubble'));

type TriggerProps = {
  'aria-label'?: string;
  'aria-description'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
};

const focusVisible = (el: HTMLElement) => {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: show on every focus, as Fluent does
  }
};

/**
 * A tooltip for a string: Fluent's Tooltip, mounted only while the hint is wanted. The trigger gets its accessible
 * name (`relationship="label"`: `aria-label`, unless it has one) or description (`"description"`:
 * `aria-description`, no second copy of the text in the page) at once; the bubble — Fluent's Tooltip at the trigger, same look, Escape and one-at-a-time
 * behaviour — appears 250 ms after the pointer arrives or when the keyboard focuses the trigger, and stays while
 * the pointer is over it. A page with a hundred hints (a grid's avatars and row buttons) renders a hundred plain
 * elements, not a hundred tooltips with their portals, and the first screen carries none of the positioning code.
 */
export function Hint({
  content,
  relationship,
  withArrow,
  children,
}: {
  content: string;
  relationship: 'label' | 'description';
  withArrow?: boolean;
  children: ReactElement;
}) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (delay: number, next: boolean) => {
    clearTimeout(timer.current);
    if (delay === 0) setVisible(next);
    else timer.current = setTimeout(() => setVisible(next), delay);
  };
  const show = (el: HTMLElement, delay: number) => {
    setTarget(el);
    later(delay, true);
  };
  const hide = (delay: number) => later(delay, false);
  const keep = () => clearTimeout(timer.current);

  const child = Children.only(children) as ReactElement<TriggerProps>;
  const own = child.props;
  const trigger = cloneElement(child, {
    'aria-label': relationship === 'label' ? (own['aria-label'] ?? content) : own['aria-label'],
    'aria-description': relationship === 'description' ? content : own['aria-description'],
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      show(e.currentTarget, HINT_SHOW_DELAY_MS);
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e);
      hide(HINT_HIDE_DELAY_MS);
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      if (e.target === e.currentTarget && focusVisible(e.currentTarget)) show(e.currentTarget, 0);
    },
    onBlur: (e) => {
      own.onBlur?.(e);
      hide(0);
    },
    onKeyDown: (e) => {
      own.onKeyDown?.(e);
      if (e.key === 'Escape' && visible) hide(0);
    },
  });

  return (
    <>
      {trigger}
      {target ? (
        <Suspense fallback={null}>
          <HintBubble
            target={target}
            content={content}
            visible={visible}
            withArrow={withArrow}
            onHide={() => hide(0)}
            onPointerEnterBubble={keep}
            onPointerLeaveBubble={() => hide(HINT_HIDE_DELAY_MS)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
