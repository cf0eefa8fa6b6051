import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useEmailConnect } from '@/modules/emailConnection/hooks/useEmailConnect';
import { useDefaultEmailConnection } from '@/modules/emailConnection/hooks/useEmailConnections';
import { useProfile } from '@/modules/profile/hooks/useProfile';
import { contactsPaths, profilePaths, type ProfileLinkState } from '@/lib/paths';
import { profileCompleteness } from '@/modules/profile/utils/profileCompleteness';
import { Text } from '@/ui/text/Text';
import { useDashboardSummary } from '../hooks/useDashboardSummary';
import { dismissFirstRunGuide, firstRunGuideState } from '../state/firstRunGuideState';
import { firstRunSteps, type FirstRunStepKey } from '../utils/firstRunSteps';
import './firstRunGuide.css';

/**
 * The first steps of a new account on its dashboard: complete the profile, connect a mailbox, add contacts, each
 * checked once done. It goes away when all are done, or for good when the person dismisses it. Nothing shows until
 * all three are known, so a returning person never sees it flash.
 */
export const FirstRunGuide = () => {
  const { data: profile } = useProfile();
  const { data: mailbox } = useDefaultEmailConnection();
  const { data: summary } = useDashboardSummary();
  const { dismissedBy } = useSnapshot(firstRunGuideState);
  const { connect } = useEmailConnect();
  const { t } = useTranslation('dashboard');

  if (!profile || mailbox === undefined || !summary || dismissedBy.includes(profile.uid)) return null;
  const steps = firstRunSteps({
    profileComplete: profileCompleteness(profile).complete,
    mailboxConnected: mailbox !== null,
    contacts: summary.contacts,
  });
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  const actions: Record<FirstRunStepKey, React.ReactNode> = {
    profile: (
      <Link to={profilePaths.profile} state={{ onCompleteGoTo: contactsPaths.dashboard } satisfies ProfileLinkState}>
        {t('firstRun.openProfile')}
      </Link>
    ),
    mailbox: (
      <span className="first-run__buttons">
        <Button size="small" onClick={() => void connect('gmail')}>
          {t('firstRun.connectGmail')}
        </Button>
        <Button size="small" onClick={() => void connect('outlook')}>
          {t('firstRun.connectOutlook')}
        </Button>
      </span>
    ),
    contacts: null,
  };

  return (
    <section className="first-run" aria-labelledby="first-run-title" data-testid="first-run-guide">
      <header className="first-run__head">
        <div>
          <h2 id="first-run-title" className="first-run__title">
            {t('firstRun.title')}
          </h2>
          <Text type="secondary" data-testid="first-run-progress">
            {t('firstRun.progress', { done, total: steps.length })}
          </Text>
        </div>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('firstRun.dismiss')}
          onClick={() => dismissFirstRunGuide(profile.uid)}
        />
      </header>
      <ol className="first-run__steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className="first-run__step"
            data-testid={`first-run-step-${step.key}`}
            data-done={step.done}
          >
            <span className="first-run__marker" aria-hidden="true">
              {step.done ? <CheckCircleFilled /> : index + 1}
            </span>
            <div className="first-run__text">
              <strong className="first-run__step-title">
                {step.title}
                {step.done ? <span className="first-run__hidden">{t('firstRun.done')}</span> : null}
              </strong>
              <Text type="secondary">{step.description}</Text>
              {step.done ? null : actions[step.key]}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
};
