import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appThemes } from './appTheme';

type Rgb = [number, number, number];

/** '#rgb', '#rrggbb' or 'rgba(r,g,b,a)' over `under` (an alpha colour is painted over what is beneath it). */
const paint = (color: string, under: Rgb = [255, 255, 255]): Rgb => {
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1, 7);
    return [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
  }
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((channel, index) => channel * a + (under[index] ?? 0) * (1 - a)) as Rgb;
};

/** WCAG 2.2's relative luminance and contrast ratio. */
const luminance = (rgb: Rgb) => {
  const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (text: string, background: string, page = '#ffffff') => {
  const bg = paint(background, paint(page));
  const [high, low] = [luminance(paint(text, bg)), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return Math.round(((high + 0.05) / (low + 0.05)) * 100) / 100;
};

describe.each(['light', 'dark'] as const)('the %s theme meets WCAG 2.2 AA', (scheme) => {
  const token = theme.getDesignToken(appThemes[scheme]);
  const surfaces = { container: token.colorBgContainer, layout: token.colorBgLayout, elevated: token.colorBgElevated };

  it.each(Object.entries(surfaces))('text of every weight reads at 4.5:1 on the %s background', (_, surface) => {
    for (const text of [
      token.colorText,
      token.colorTextSecondary,
      token.colorTextTertiary,
      token.colorTextDescription,
      token.colorLink,
      token.colorPrimaryText,
      token.colorError,
      token.colorErrorText,
      token.colorSuccessText,
      token.colorWarningText,
    ])
      expect(contrast(text, surface), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
  });

  it('a primary or danger button’s label reads at 4.5:1 on its fill', () => {
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    const dangerLabel = appThemes[scheme].components?.Button?.dangerColor ?? token.colorTextLightSolid;
    expect(contrast(dangerLabel, token.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('a status tag’s text reads at 4.5:1 on its fill (ui/Tag.css)', () => {
    for (const [text, fill] of [
      [token.colorSuccessText, token.colorSuccessBg],
      [token.colorErrorText, token.colorErrorBg],
      [token.colorWarningText, token.colorWarningBg],
      [token.colorInfoText, token.colorInfoBg],
      [token.colorText, token.colorFillTertiary],
    ] as const)
      expect(contrast(text, fill, token.colorBgContainer), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
  });

  it('the primary colour stands out at 3:1 from the page as a control (checkbox, switch, focus ring)', () => {
    expect(contrast(token.colorPrimary, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
    expect(contrast(token.colorPrimary, token.colorBgLayout)).toBeGreaterThanOrEqual(3);
  });
});
