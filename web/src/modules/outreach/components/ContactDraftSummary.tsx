import { Typography } from 'antd';
import { Tag } from '@/ui/Tag';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Draft } from '@shared/schemas/drafts';
import { outreachContactPath, outreachPaths } from '@/lib/paths';
import { type SendStateKind, sendStateOf } from '../utils/sendState';
import './outreach.css';

const stateColors: Record<SendStateKind, string> = {
  draft: 'success',
  sending: 'processing',
  queued: 'warning',
  scheduled: 'purple',
  sent: 'blue',
  failed: 'error',
  archived: 'default',
};

/** The contact drawer's view of a contact's primary draft: its subject and body, its state, where to edit it. */
export const ContactDraftSummary = ({ draft }: { draft: Draft | null }) => {
  const { t } = useTranslation('outreach');
  const state = draft ? sendStateOf(draft) : null;
  return (
    <section aria-label={t('table.primaryDraft')} className="contact-draft" data-testid="drawer-draft">
      <Typography.Text type="secondary" className="draft-editor__label">
        {t('table.primaryDraft')}
      </Typography.Text>
      {draft ? (
        <>
          <div className="contact-draft__heading">
            {state ? <Tag color={stateColors[state.kind]}>{state.label}</Tag> : null}
            <Typography.Text strong>{draft.subject || t('noSubject')}</Typography.Text>
          </div>
          <Typography.Paragraph className="contact-draft__body" ellipsis={{ rows: 6, expandable: true }}>
            {draft.body}
          </Typography.Paragraph>
          <Link to={outreachContactPath(draft.contactId)}>{t('summary.editOnOutreach')}</Link>
        </>
      ) : (
        <Typography.Text type="secondary">
          {t('summary.noDraft')} <Link to={outreachPaths.outreach}>{t('summary.writeOnOutreach')}</Link>
        </Typography.Text>
      )}
    </section>
  );
};
