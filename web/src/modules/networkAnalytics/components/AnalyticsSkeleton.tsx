import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/ui/text/VisuallyHidden';
import './AnalyticsSkeleton.css';

/**
 * The analytics view's outline while its code or its numbers load: grey blocks where the headline numbers and the
 * charts will be. Plain markup and CSS: it is shown before the view's code (and antd's parts it uses) arrives.
 */
export const AnalyticsSkeleton = () => {
  const { t } = useTranslation('networkAnalytics');
  return (
    <div role="status" aria-busy="true" className="analytics-skeleton">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <div aria-hidden="true" className="analytics-skeleton__numbers">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="analytics-skeleton__card analytics-skeleton__card--number" />
        ))}
      </div>
      <div aria-hidden="true" className="analytics-skeleton__charts">
        {[0, 1, 2].map((card) => (
          <div key={card} className="analytics-skeleton__card analytics-skeleton__card--chart" />
        ))}
      </div>
    </div>
  );
};
