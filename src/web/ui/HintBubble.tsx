import { Tooltip } from '@fluentui/react-components';

/**
 * The visible part of a {@link Hint}: Fluent's Tooltip, controlled by the hint and placed at the hint's trigger
 * (`positioning.target`). Its own trigger is an empty hidden span (the hint handles the real trigger's events and
 * accessible name); Fluent still hides it on Escape and hides any other visible tooltip when it shows.
 */
export default function HintBubble({
  target,
  content,
  visible,
  withArrow,
  onHide,
  onPointerEnterBubble,
  onPointerLeaveBubble,
}: {
  target: HTMLElement;
  content: string;
  visible: boolean;
  withArrow?: boolean;
  onHide: () => void;
  onPointerEnterBubble: () => void;
  onPointerLeaveBubble: () => void;
}) {
  return (
    <Tooltip
      content={{
        children: content,
        onPointerEnter: onPointerEnterBubble,
        onPointerLeave: onPointerLeaveBubble,
      }}
      relationship="inaccessible"
      visible={visible}
      onVisibleChange={(_, data) => {
        if (!data.visible) onHide();
      }}
      positioning={{ target }}
      withArrow={withArrow}
    >
      <span hidden />
    </Tooltip>
  );
}
