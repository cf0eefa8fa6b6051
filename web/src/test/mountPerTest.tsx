import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React warns about updates outside act() unless it is told this is a test environment
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A fresh React root in the document for every test of the calling file (happy-dom), unmounted and removed after
 * it, along with whatever antd portalled into `document.body`.
 */
export const mountPerTest = () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  return {
    container: () => container,
    render: async (node: ReactNode) => {
      await act(async () => root.render(node));
    },
  };
};

/** The button labelled `name` inside `scope` (a selector; antd popovers and modals render under `document.body`). */
/** The button whose name (its `aria-label`, else its text) matches `name`, anywhere in the document. */
export const buttonNamed = (name: RegExp) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((button) =>
    name.test(button.getAttribute('aria-label') ?? button.textContent ?? ''),
  );

export const buttonIn = (scope: string, name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].find((button) => button.textContent === name);
