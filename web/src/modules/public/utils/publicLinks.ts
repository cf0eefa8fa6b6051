import { blogPaths, publicPaths } from '@/lib/paths';
export type PublicLink = { to: string; label: string };

/** Where the public site's navigation leads: the top bar and the footer's columns (SPEC §2 public routes). */
export const publicLinks = {
  nav: [
    { to: publicPaths.features, label: 'Features' },
    { to: publicPaths.approach, label: 'Approach' },
    { to: publicPaths.pricing, label: 'Pricing' },
    { to: blogPaths.index, label: 'Blog' },
    { to: publicPaths.support, label: 'Support' },
  ],
  footer: [
    {
      title: 'Product',
      links: [
        { to: publicPaths.features, label: 'Features' },
        { to: publicPaths.approach, label: 'Approach' },
        { to: publicPaths.pricing, label: 'Pricing' },
        { to: publicPaths.zoomGuide, label: 'Zoom guide' },
      ],
    },
    {
      title: 'Company',
      links: [
        { to: publicPaths.philosophy, label: 'Philosophy' },
        { to: blogPaths.index, label: 'Blog' },
        { to: publicPaths.referralProgram, label: 'Referral program' },
        { to: publicPaths.support, label: 'Support' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { to: publicPaths.privacy, label: 'Privacy' },
        { to: publicPaths.terms, label: 'Terms' },
      ],
    },
  ],
} satisfies { nav: PublicLink[]; footer: { title: string; links: PublicLink[] }[] };
