import type { DropdownProps } from 'antd';
import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';

const Dropdown = lazy(() => import('./MenuButtonDropdown'));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

export type MenuButtonProps = {
  /** the choices, as antd's Dropdown takes them */
  menu: NonNullable<DropdownProps['menu']>;
  placement?: DropdownProps['placement'];
  /** the button that opens the menu */
  children: ReactElement<TriggerProps>;
};

/**
 * A button opening a menu of choices on click, as antd's Dropdown with `trigger={['click']}`. Until the first click it
 * is the button alone: antd's Dropdown (with rc-dropdown, about 5 KiB gzip) arrives then and opens with its menu
 * focused, so a page that shows such a button does not load it for a menu that may never open.
 */
export const MenuButton = ({ menu, placement, children }: MenuButtonProps) => {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return cloneElement(children, {
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Dropdown menu={menu} placement={placement} trigger={['click']} open={open} onOpenChange={setOpen} autoFocus>
        {children}
      </Dropdown>
    </Suspense>
  );
};
