import { createElement, forwardRef, lazy, Suspense, type ComponentType } from 'react';

type Props = Record<string, unknown>;

/**
 * A component whose code arrives the first time it renders (web/vite/lazyAntdParts.ts puts it in place of some of
 * antd's imports). Props and ref pass through; until the code is there it renders nothing, as the part was absent
 * until its feature was asked for.
 */
export const lazyPart = (load: () => Promise<{ default: unknown }>) => {
  const Part = lazy(load as () => Promise<{ default: ComponentType<Props> }>);
  return forwardRef<unknown, Props>((props, ref) =>
    createElement(Suspense, { fallback: null }, createElement(Part, { ...props, ref })),
  );
};
