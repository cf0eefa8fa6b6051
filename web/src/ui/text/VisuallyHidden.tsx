import type { ReactNode } from 'react';
import './text.css';

export type VisuallyHiddenProps = {
  children: ReactNode;
  /** a heading that names a section for screen readers (and keeps the headings' order), where none is shown */
  as?: 'span' | 'h2';
  id?: string;
};

/**
 * Text for screen readers only: read as part of what it sits in (a button's name, a table's caption), not painted.
 * A button that shows a value names itself by that value plus this context, so the name contains the visible text
 * (WCAG 2.5.3 'Label in Name') and says what the value is.
 */
export const VisuallyHidden = ({ children, as: Element = 'span', id }: VisuallyHiddenProps) => (
  <Element className="visually-hidden" id={id}>
    {children}
  </Element>
);
