import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plans } from '@shared/constants';
import { authPaths } from '@/lib/paths';

export type CallToActionProps = {
  /** @default 'Start with the free plan' */
  title?: string;
  text?: ReactNode;
  /** @default 'Create a free account' */
  action?: string;
  /** a second, quieter link */
  secondary?: { to: string; label: string };
};

/** The closing band of a public page: one sentence and the way in (`/signup`). */
export const CallToAction = ({
  title = 'Start with the free plan',
  text = `${plans.free.slotsPerPeriod} new contacts every month, every feature included, no card needed.`,
  action = 'Create a free account',
  secondary,
}: CallToActionProps) => (
  <section className="landing__cta" aria-label={title}>
    <div>
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
    <div className="landing__actions">
      <Link className="landing__button landing__button--primary" to={authPaths.signUp}>
        {action}
      </Link>
      {secondary && (
        <Link className="landing__button landing__button--ghost" to={secondary.to}>
          {secondary.label}
        </Link>
      )}
    </div>
  </section>
);
