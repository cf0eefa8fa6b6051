import { expect, test } from './fixtures/test';
import { PixelTestPage } from './pages/PixelTestPage';

test.describe('page-visit tracking (SPEC §2)', () => {
  test('a visit of the pricing page and of the dashboard is counted, and the pixel test page shows it', async ({
    page,
    existingUser,
    signInPage,
    capture,
  }) => {
    // three pages, a sign-in and the first compile of the pixel test page's chunk on a loaded machine
    test.setTimeout(120_000);
    const pixelTest = new PixelTestPage(page);

    const pricing = await test.step('a visitor looks at the pricing page', async () => {
      const counted = pixelTest.countOf('pricing_view', '/pricing');
      await page.goto('/pricing');
      return counted;
    });
    expect(pricing).toBeGreaterThanOrEqual(1);

    const dashboard = await test.step('signs in and lands on the dashboard', async () => {
      await signInPage.goto();
      const counted = pixelTest.countOf('dashboard_view', '/dashboard');
      await signInPage.submit(existingUser);
      await expect(page).toHaveURL(/\/dashboard$/);
      return counted;
    });
    expect(dashboard).toBeGreaterThanOrEqual(1);

    await test.step('the pixel test page shows both events counted, and no Reddit pixel configured', async () => {
      await pixelTest.goto();
      await expect(pixelTest.eventRow('pricing_view', '/pricing')).toContainText(`Counted · ${pricing} today`);
      await expect(pixelTest.eventRow('dashboard_view', '/dashboard')).toContainText(`Counted · ${dashboard} today`);
      await expect(pixelTest.pixelState()).toContainText('Not configured');
      await capture('pixel-test-counts');
    });
  });
});
