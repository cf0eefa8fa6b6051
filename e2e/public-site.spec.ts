import { readdirSync, readFileSync } from 'node:fs';
import { plans, planTiers, referral } from '../shared/constants';
import { buildBlogIndex } from '../web/src/modules/blog/utils/blogIndex';
import { parseFrontMatter } from '../web/vite/markdown';
import { expect, test } from './fixtures/test';
import { PublicSite, type PublicPageExpectation } from './pages/PublicSite';

// the posts as the blog lists them, from their Markdown files
const blogFolder = new URL('../web/content/blog/', import.meta.url);
const posts = buildBlogIndex(
  Object.fromEntries(
    readdirSync(blogFolder)
      .filter((file) => file.endsWith('.md'))
      .map((file) => [
        file,
        { attributes: parseFrontMatter(readFileSync(new URL(file, blogFolder), 'utf8')).attributes, words: 0 },
      ]),
  ),
);
const post = posts[0]!;

const referralLanding = {
  heading: 'Invite a friend, both of you get more contacts',
  title: 'Referral program · Outreach',
};

// SPEC §2 public routes, each with its heading and document title
const publicPages: (PublicPageExpectation & { screenshot: string })[] = [
  {
    path: '/',
    heading: 'Reach the right people with e\u2011mails they answer',
    title: 'Outreach · Networking e-mails that get answered',
    screenshot: 'public-home',
  },
  {
    path: '/features',
    heading: 'Everything between a name and a conversation',
    title: 'Features · Outreach',
    screenshot: 'public-features',
  },
  {
    path: '/philosophy',
    heading: 'Good networking is a conversation, not a campaign',
    title: 'Philosophy · Outreach',
    screenshot: 'public-philosophy',
  },
  {
    path: '/approach',
    heading: 'A weekly routine for outreach that gets answers',
    title: 'Approach · Outreach',
    screenshot: 'public-approach',
  },
  {
    path: '/pricing',
    heading: 'Every feature on every plan',
    title: 'Pricing · Outreach',
    screenshot: 'public-pricing',
  },
  { path: '/support', heading: 'How can we help?', title: 'Support · Outreach', screenshot: 'public-support' },
  { path: '/privacy', heading: 'Privacy policy', title: 'Privacy · Outreach', screenshot: 'public-privacy' },
  { path: '/terms', heading: 'Terms of use', title: 'Terms · Outreach', screenshot: 'public-terms' },
  {
    path: '/zoom-guide',
    heading: 'Using Zoom with Outreach',
    title: 'Zoom guide · Outreach',
    screenshot: 'public-zoom-guide',
  },
  { path: '/referral-program', ...referralLanding, screenshot: 'public-referral-program' },
  { path: '/referrals', ...referralLanding, screenshot: 'public-referrals' },
  { path: '/blog', heading: 'Notes on networking by e-mail', title: 'Blog · Outreach', screenshot: 'public-blog' },
  {
    path: `/blog/${post.slug}`,
    heading: post.title,
    title: `${post.title} · Outreach`,
    screenshot: 'public-blog-post',
  },
];

test.describe('The public site', () => {
  test('every public page shows its heading and title, without loading the app', async ({ page, capture }) => {
    const site = new PublicSite(page);
    const appBundles = site.watchAppBundles();

    for (const expected of publicPages) {
      await test.step(`${expected.path} shows "${expected.heading}"`, async () => {
        await site.open(expected.path);
        await site.expectPage(expected);
        await expect(site.footer().getByRole('link', { name: 'Privacy' })).toBeVisible();
        await capture(expected.screenshot);
      });
    }

    await test.step('/loading is the full-screen loading screen', async () => {
      await site.open('/loading');
      await expect(page.getByRole('status')).toHaveText('Loading...');
      await expect(page).toHaveTitle('Loading · Outreach');
      await expect(site.mainNav()).toHaveCount(0);
      await capture('public-loading');
    });

    await test.step('no page loaded antd, Amplify or SWR', () => {
      expect(appBundles()).toEqual([]);
    });
  });

  test('unknown addresses lead back to the site', async ({ page }) => {
    const site = new PublicSite(page);

    await test.step('an unknown blog post goes to the blog index', async () => {
      await site.open('/blog/no-such-post');
      await expect(page).toHaveURL(/\/blog$/);
      await expect(site.heading()).toHaveText('Notes on networking by e-mail');
    });

    await test.step('an unknown page goes to the home page', async () => {
      await site.open('/no-such-page');
      await expect(page).toHaveURL(/\/$/);
      await expect(site.heading()).toHaveText('Reach the right people with e\u2011mails they answer');
    });
  });

  test('pricing shows every plan with the numbers of the plan constants', async ({ page }) => {
    const site = new PublicSite(page);
    await site.open('/pricing');

    for (const tier of planTiers) {
      await test.step(`the ${plans[tier].label} plan`, async () => {
        const card = page.getByRole('article', { name: plans[tier].label, exact: true });
        await expect(card).toContainText(`$${plans[tier].priceUsdMonthly}`);
        await expect(card).toContainText(`${plans[tier].slotsPerPeriod} new contacts a month`);
        await expect(card.getByRole('link')).toHaveAttribute('href', '/signup');
      });
    }

    await test.step('the questions open to their answers', async () => {
      const question = page.getByText('What are bonus slots?');
      await question.click();
      await expect(
        page.getByText(`${referral.referrerBonusSlots} for you when someone signs up with your link`),
      ).toBeVisible();
    });
  });

  test('a visitor finds their way around through the navigation', async ({ page, signUpPage }) => {
    const site = new PublicSite(page);
    await site.open('/');

    await test.step('the top bar leads to features, pricing and the blog', async () => {
      await site.mainNav().getByRole('link', { name: 'Features' }).click();
      await expect(page).toHaveURL(/\/features$/);
      await expect(site.heading()).toHaveText('Everything between a name and a conversation');

      await site.mainNav().getByRole('link', { name: 'Pricing' }).click();
      await expect(site.heading()).toHaveText('Every feature on every plan');

      await site.mainNav().getByRole('link', { name: 'Blog' }).click();
      await expect(site.heading()).toHaveText('Notes on networking by e-mail');
    });

    await test.step('the blog lists posts newest first and opens one', async () => {
      await expect(page.getByRole('region', { name: 'Articles' }).getByRole('heading')).toHaveText(
        posts.map(({ title }) => title),
      );
      await page.getByRole('link', { name: post.title }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
      await expect(site.heading()).toHaveText(post.title);
      await expect(page.locator('.blog-post__body h2').first()).toBeVisible();
    });

    await test.step('a link in the article to another post stays in the page', async () => {
      const link = page.locator('.blog-post__body a[href^="/blog/"]').first();
      const target = (await link.getAttribute('href'))!;
      await page.evaluate(() => Object.assign(window, { stillHere: true }));
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === target);
      await expect(site.heading()).toHaveText(posts.find(({ slug }) => target === `/blog/${slug}`)!.title);
      expect(await page.evaluate(() => 'stillHere' in window), 'no full page load').toBe(true);
      await page.getByRole('link', { name: 'All articles' }).click();
      await expect(page).toHaveURL(/\/blog$/);
    });

    await test.step('the footer leads to every other page', async () => {
      await site.footer().getByRole('link', { name: 'Zoom guide' }).click();
      await expect(site.heading()).toHaveText('Using Zoom with Outreach');
      await site.footer().getByRole('link', { name: 'Referral program' }).click();
      await expect(site.heading()).toHaveText(referralLanding.heading);
      await site.footer().getByRole('link', { name: 'Terms' }).click();
      await expect(site.heading()).toHaveText('Terms of use');
    });

    await test.step('the logo goes home and Sign up opens the sign-up form', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Outreach home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(site.mainNav()).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
      await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(signUpPage.heading()).toBeVisible();
    });
  });

  test('the site works on a phone', async ({ page, capture }) => {
    const site = new PublicSite(page);
    await page.setViewportSize({ width: 375, height: 812 });

    for (const expected of publicPages) {
      await test.step(`${expected.path} fits a 375 px screen`, async () => {
        await site.open(expected.path);
        await expect(site.heading()).toHaveText(expected.heading);
        expect(await site.horizontalOverflow(), `${expected.path} scrolls sideways`).toBeLessThanOrEqual(0);
      });
    }
    await capture('public-home-phone');

    await test.step('the menu button opens the sections', async () => {
      await site.open('/');
      await expect(site.mainNav()).toBeHidden();
      await site.menuButton().click();
      await site.mobileMenu().getByRole('link', { name: 'Pricing' }).click();
      await expect(site.heading()).toHaveText('Every feature on every plan');
      await expect(site.mobileMenu()).toBeHidden();
      await capture('public-pricing-phone');
    });
  });
});
