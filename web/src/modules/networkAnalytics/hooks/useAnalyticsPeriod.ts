import { useSearchParams } from 'react-router-dom';
import { paramsWithPeriod, periodOf, type TimePeriod } from '../utils/analyticsPeriod';

/** The period in the URL (`&period=`), and a switch that adds a history entry, so Back returns to the last one. */
export const useAnalyticsPeriod = () => {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const setPeriod = (next: TimePeriod) => {
    if (next !== period) setParams((current) => paramsWithPeriod(current, next));
  };
  return [period, setPeriod] as const;
};
