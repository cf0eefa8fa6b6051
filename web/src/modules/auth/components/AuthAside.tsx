import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import { publicPaths } from '@/modules/public/publicPaths';
import { BrandMark } from '@/ui/BrandMark';

const points = [
  'Find and verify the e-mail address of every contact',
  'Draft personal messages with AI or your own templates',
  'Send from your own Gmail or Outlook and see every reply',
];

/** What the product is, beside the sign-in and sign-up forms. */
export const AuthAside = () => (
  <>
    <Link to={publicPaths.home} aria-label="Outreach home">
      <BrandMark inverted />
    </Link>
    <div style={{ maxWidth: 440 }}>
      <h2 style={{ margin: '0 0 16px', fontSize: 34, lineHeight: 1.2, fontWeight: 700, color: '#fff', letterSpacing: '-0.02em' }}>
        Outreach that turns into conversations
      </h2>
      <p style={{ margin: '0 0 32px', fontSize: 16, lineHeight: 1.6, color: '#c7d2fe' }}>
        Keep your professional contacts in one place and reach them with e-mails worth answering.
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }}>
        {points.map((point) => (
          <li key={point} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', fontSize: 15, lineHeight: 1.5 }}>
            <span
              aria-hidden="true"
              style={{ flex: 'none', width: 22, height: 22, borderRadius: 11, background: 'rgba(129, 140, 248, 0.25)', color: '#a5b4fc', display: 'grid', placeItems: 'center', fontSize: 13, fontWeight: 700 }}
            >
              ✓
            </span>
            {point}
          </li>
        ))}
      </ul>
    </div>
    <p style={{ margin: 0, fontSize: 13, color: '#9ca3af' }}>
      The {plans.free.label} plan includes {plans.free.slotsPerPeriod} new contacts every month.
    </p>
  </>
);
