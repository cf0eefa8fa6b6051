import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';

export type FirstClickTriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * The way {@link MenuButton} and {@link PopoverButton} keep their overlay's code off a page until it is wanted: until
 * the button's first click this answers the button alone, whose click calls `onFirstClick` (open the overlay); after it,
 * `null`, and the caller renders the lazily loaded overlay around the button.
 */
export const useFirstClick = (button: ReactElement<FirstClickTriggerProps>, onFirstClick: () => void) => {
  const [clicked, setClicked] = useState(false);
  if (clicked) return null;
  return cloneElement(button, {
    onClick: () => {
      setClicked(true);
      onFirstClick();
    },
  });
};
