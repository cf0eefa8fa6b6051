import type { PopoverProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';

const Popover = lazy(() => import('./PopoverButtonPopover'));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

export type PopoverButtonProps = Omit<PopoverProps, 'trigger' | 'children'> & {
  /** the button that opens the popover */
  children: ReactElement<TriggerProps>;
};

/**
 * A button opening a popover on click, as antd's Popover with `trigger="click"`, in {@link MenuButton}'s way: until the
 * first click it is the button alone, and antd's Popover arrives then and opens, so the header's popovers (connections,
 * notifications, the user's menu) do not load it with every signed-in page. `open` may be held by the caller, who then
 * hears the first click through `onOpenChange` as any other.
 */
export const PopoverButton = ({ children, open: held, onOpenChange, ...popover }: PopoverButtonProps) => {
  const [own, setOwn] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = held ?? own;
  const change = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  if (!wanted) {
    return cloneElement(children, {
      onClick: () => {
        setWanted(true);
        change(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Popover {...popover} trigger="click" open={open} onOpenChange={change}>
        {children}
      </Popover>
    </Suspense>
  );
};
