export type PublicLink = { to: string; label: string };

/** Where the public site's navigation leads: the top bar and the footer's columns (SPEC §2 public routes). */
export const publicLinks = {
  nav: [
    { to: '/features', label: 'Features' },
    { to: '/approach', label: 'Approach' },
    { to: '/pricing', label: 'Pricing' },
    { to: '/blog', label: 'Blog' },
    { to: '/support', label: 'Support' },
  ],
  footer: [
    {
      title: 'Product',
      links: [
        { to: '/features', label: 'Features' },
        { to: '/approach', label: 'Approach' },
        { to: '/pricing', label: 'Pricing' },
        { to: '/zoom-guide', label: 'Zoom guide' },
      ],
    },
    {
      title: 'Company',
      links: [
        { to: '/philosophy', label: 'Philosophy' },
        { to: '/blog', label: 'Blog' },
        { to: '/referral-program', label: 'Referral program' },
        { to: '/support', label: 'Support' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { to: '/privacy', label: 'Privacy' },
        { to: '/terms', label: 'Terms' },
      ],
    },
  ],
} satisfies { nav: PublicLink[]; footer: { title: string; links: PublicLink[] }[] };
