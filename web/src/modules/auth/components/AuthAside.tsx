import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import { publicPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import './auth.css';

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
    <div className="auth-aside__pitch">
      <h2 className="auth-aside__title">Outreach that turns into conversations</h2>
      <p className="auth-aside__lead">
        Keep your professional contacts in one place and reach them with e-mails worth answering.
      </p>
      <ul className="auth-aside__points">
        {points.map((point) => (
          <li key={point} className="auth-aside__point">
            <span aria-hidden="true" className="auth-aside__tick">
              ✓
            </span>
            {point}
          </li>
        ))}
      </ul>
    </div>
    <p className="auth-aside__plan">
      The {plans.free.label} plan includes {plans.free.slotsPerPeriod} new contacts every month.
    </p>
  </>
);
