import { Alert, Button, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@/lib/http/useApiClient';
import { updateContact } from '../api/contactsApi';
import { jobLine, type ImportChoice, type ImportRowResult, type ProfileDisagreement } from '../utils/importContacts';
import './importDisagreements.css';

export type ImportDisagreementsProps = {
  /** the added rows whose file values disagree with the LinkedIn profile */
  rows: readonly (ImportRowResult & { contactId: string; disagreement: ProfileDisagreement })[];
  /** a contact was changed: the list refreshes */
  onChanged: () => void;
};

type RowState = { choice: ImportChoice; saving?: boolean; error?: string };

/**
 * The added contacts whose file and LinkedIn profile disagree on the job: both are shown and the person picks, row by
 * row or for all. Each keeps the file's values until then (the person wrote them); a pick saves the contact, and a
 * change of company makes the e-mail lookup run again at the company the contact keeps (lambdas/contacts).
 */
export const ImportDisagreements = ({ rows, onChanged }: ImportDisagreementsProps) => {
  const { t } = useTranslation('contacts');
  const api = useApiClient();
  const [states, setStates] = useState<Record<string, RowState>>({});
  const [applyingAll, setApplyingAll] = useState(false);
  const stateOf = (contactId: string): RowState => states[contactId] ?? { choice: 'file' };
  const setState = (contactId: string, next: RowState) => setStates((current) => ({ ...current, [contactId]: next }));

  const choose = async (row: ImportDisagreementsProps['rows'][number], choice: ImportChoice) => {
    const previous = stateOf(row.contactId);
    if (previous.choice === choice && !previous.error) return true;
    setState(row.contactId, { choice, saving: true });
    try {
      await updateContact(api, row.contactId, row.disagreement[choice]);
      setState(row.contactId, { choice });
      return true;
    } catch (error) {
      setState(row.contactId, {
        choice: previous.choice,
        error: t('disagreements.notSaved', { reason: error instanceof Error ? error.message : String(error) }),
      });
      return false;
    }
  };

  const handleChoose = async (row: ImportDisagreementsProps['rows'][number], choice: ImportChoice) => {
    if (await choose(row, choice)) onChanged();
  };

  const handleChooseAll = async (choice: ImportChoice) => {
    setApplyingAll(true);
    for (const row of rows) await choose(row, choice);
    setApplyingAll(false);
    onChanged();
  };

  const count = rows.length;
  return (
    <section
      className="csv-import__disagreements"
      data-testid="csv-disagreements"
      aria-label={t('disagreements.label')}
    >
      <Alert
        type="info"
        showIcon
        title={t('disagreements.title', { count })}
        description={t('disagreements.description')}
      />
      <div className="csv-import__disagreements-all">
        <Typography.Text type="secondary">{t('disagreements.forAll')}</Typography.Text>
        <Button size="small" disabled={applyingAll} onClick={() => void handleChooseAll('file')}>
          {t('disagreements.keepFileAll')}
        </Button>
        <Button size="small" disabled={applyingAll} onClick={() => void handleChooseAll('linkedin')}>
          {t('disagreements.useLinkedinAll')}
        </Button>
      </div>
      <ul className="csv-import__disagreement-list">
        {rows.map((row) => {
          const state = stateOf(row.contactId);
          const name = row.message;
          return (
            <li key={row.contactId} className="csv-import__disagreement" data-testid="csv-disagreement">
              <div className="csv-import__disagreement-text">
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text className="contacts-text--small">
                  {t('disagreements.line', {
                    file: jobLine(row.disagreement.file),
                    linkedin: jobLine(row.disagreement.linkedin),
                  })}
                </Typography.Text>
                {state.error ? (
                  <Typography.Text type="danger" className="contacts-text--small" role="alert">
                    {state.error}
                  </Typography.Text>
                ) : null}
              </div>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                size="small"
                aria-label={t('disagreements.keeps', { name })}
                value={state.choice}
                disabled={state.saving || applyingAll}
                onChange={(event) => void handleChoose(row, event.target.value as ImportChoice)}
                options={(['file', 'linkedin'] as const).map((choice) => ({
                  value: choice,
                  label: choice === 'file' ? t('disagreements.keepFile') : t('disagreements.useLinkedin'),
                }))}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
};
