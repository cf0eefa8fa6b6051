import type { DropdownProps } from 'antd';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { type FirstClickTriggerProps, useFirstClick } from './useFirstClick';

const Dropdown = lazy(() => import('./MenuButtonDropdown'));

export type MenuButtonProps = {
  /** the choices, as antd's Dropdown takes them */
  menu: NonNullable<DropdownProps['menu']>;
  placement?: DropdownProps['placement'];
  /** the button that opens the menu */
  children: ReactElement<FirstClickTriggerProps>;
};

/**
 * A button opening a menu of choices on click, as antd's Dropdown with `trigger={['click']}`. Until the first click it
 * is the button alone: antd's Dropdown (with rc-dropdown, about 5 KiB gzip) arrives then and opens with its menu
 * focused, so a page that shows such a button does not load it for a menu that may never open.
 */
export const MenuButton = ({ menu, placement, children }: MenuButtonProps) => {
  const [open, setOpen] = useState(false);
  const trigger = useFirstClick(children, () => setOpen(true));
  if (trigger) return trigger;
  return (
    <Suspense fallback={children}>
      <Dropdown menu={menu} placement={placement} trigger={['click']} open={open} onOpenChange={setOpen} autoFocus>
        {children}
      </Dropdown>
    </Suspense>
  );
};
