import { expect, type Locator, type Page } from '@playwright/test';

/** The options of the select list open now (antd renders a closed list's too, hidden). */
export const openOptions = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');

/**
 * Picks an option of an open select list as a person does: the pointer comes onto it (the list marks it active) and
 * then clicks. A click sent the instant the list appeared, before the list had rendered with the pointer over it, was
 * at times not taken (antd's select reads where its list is from its last render), which a person's hand never is.
 */
export const pickOption = async (option: Locator) => {
  await option.hover();
  await expect(option).toHaveClass(/ant-select-item-option-active/);
  await option.click();
};
