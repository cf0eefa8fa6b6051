import type { Locator } from '@playwright/test';

export type PaintedScheme = 'light' | 'dark';

/** 'dark' or 'light' by the relative luminance (WCAG) of an element's computed background colour. */
export const paintedScheme = async (element: Locator): Promise<PaintedScheme> => {
  const background = await element.evaluate((node) => getComputedStyle(node).backgroundColor);
  const [r = 0, g = 0, b = 0] = (background.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance < 0.2 ? 'dark' : 'light';
};
