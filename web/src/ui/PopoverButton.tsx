import type { PopoverProps } from 'antd';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { type FirstClickTriggerProps, useFirstClick } from './useFirstClick';

const Popover = lazy(() => import('./PopoverButtonPopover'));

export type PopoverButtonProps = Omit<PopoverProps, 'trigger' | 'children'> & {
  /** the button that opens the popover */
  children: ReactElement<FirstClickTriggerProps>;
};

/**
 * A button opening a popover on click, as antd's Popover with `trigger="click"`, in {@link MenuButton}'s way: until the
 * first click it is the button alone, and antd's Popover arrives then and opens, so the header's popovers (connections,
 * notifications, the user's menu) do not load it with every signed-in page. `open` may be held by the caller, who then
 * hears the first click through `onOpenChange` as any other.
 */
export const PopoverButton = ({ children, open: held, onOpenChange, ...popover }: PopoverButtonProps) => {
  const [own, setOwn] = useState(false);
  const open = held ?? own;
  const change = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const trigger = useFirstClick(children, () => change(true));
  if (trigger) return trigger;
  return (
    <Suspense fallback={children}>
      <Popover {...popover} trigger="click" open={open} onOpenChange={change}>
        {children}
      </Popover>
    </Suspense>
  );
};
