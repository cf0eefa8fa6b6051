import { expect, test } from './fixtures/test';
import { SettingsPage } from './pages/SettingsPage';

test('probe: immediate option clicks', async ({ page, appShell, signedInUser }) => {
  test.setTimeout(600_000);
  expect(signedInUser.email).toBeTruthy();
  const settings = new SettingsPage(page);
  await appShell.chooseFromUserMenu('Settings');
  await expect(settings.heading()).toBeVisible();
  const results: string[] = [];
  const zones = ['Berlin', 'Paris', 'Madrid', 'Rome', 'Vienna', 'Prague', 'Oslo', 'Lisbon'];
  for (let i = 0; i < 16; i += 1) {
    const zone = zones[i % zones.length]!;
    const select = settings.select('Time zone');
    const put = page.waitForResponse((r) => r.url().endsWith('/api/profiles/settings') && r.request().method() === 'PUT', { timeout: 4000 }).then(() => true, () => false);
    await select.click();
    await select.fill(zone);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: zone }).first();
    if (process.env.PROBE_HOVER) {
      await option.hover();
      await expect(option).toHaveClass(/ant-select-item-option-active/);
    }
    await option.click();
    const ok = await put;
    results.push(`${zone}:${ok}`);
    if (!ok) await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
  console.log('PROBE', process.env.PROBE_HOVER ? 'hover' : 'plain', results.join(' '));
});
