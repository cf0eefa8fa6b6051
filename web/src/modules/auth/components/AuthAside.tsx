import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import { publicPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import './auth.css';

const points = ['find', 'draft', 'send'] as const;

/** What the product is, beside the sign-in and sign-up forms. */
export const AuthAside = () => {
  const { t, i18n } = useTranslation('auth');
  return (
    <>
      <Link to={publicPaths.home} aria-label={t('aside.home')}>
        <BrandMark inverted />
      </Link>
      <div className="auth-aside__pitch">
        <h2 className="auth-aside__title">{t('aside.title')}</h2>
        <p className="auth-aside__lead">{t('aside.lead')}</p>
        <ul className="auth-aside__points">
          {points.map((point) => (
            <li key={point} className="auth-aside__point">
              <span aria-hidden="true" className="auth-aside__tick">
                ✓
              </span>
              {t(`aside.points.${point}`)}
            </li>
          ))}
        </ul>
      </div>
      <p className="auth-aside__plan">
        {t('aside.plan', { plan: plans.free.label, count: plans.free.slotsPerPeriod.toLocaleString(i18n.language) })}
      </p>
    </>
  );
};
