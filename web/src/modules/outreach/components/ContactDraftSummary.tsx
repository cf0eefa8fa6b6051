import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Draft } from '@shared/schemas/drafts';
import { outreachContactPath, outreachPaths } from '../outreachPaths';
import { rowState } from '../utils/rowState';
import './outreach.css';

/** The contact drawer's view of a contact's primary draft: its subject and body, its state, where to edit it. */
export const ContactDraftSummary = ({ draft }: { draft: Draft | null }) => {
  const state = rowState(undefined, draft);
  return (
    <section aria-label="Primary draft" className="contact-draft" data-testid="drawer-draft">
      <Typography.Text type="secondary" className="draft-editor__label">
        Primary draft
      </Typography.Text>
      {draft ? (
        <>
          <div>
            <Tag color={state.kind === 'sent' ? 'blue' : 'success'}>{state.label}</Tag>
            <Typography.Text strong>{draft.subject || '(no subject)'}</Typography.Text>
          </div>
          <Typography.Paragraph className="contact-draft__body" ellipsis={{ rows: 6, expandable: true }}>
            {draft.body}
          </Typography.Paragraph>
          <Link to={outreachContactPath(draft.contactId)}>Edit on the Outreach page</Link>
        </>
      ) : (
        <Typography.Text type="secondary">
          No draft yet. <Link to={outreachPaths.outreach}>Write one on the Outreach page</Link>
        </Typography.Text>
      )}
    </section>
  );
};
