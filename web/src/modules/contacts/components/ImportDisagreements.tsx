import { Alert, Button, Radio, Typography } from 'antd';
import { useState } from 'react';
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

const choiceLabels: Record<ImportChoice, string> = { file: 'Keep file', linkedin: 'Use LinkedIn' };

/**
 * The added contacts whose file and LinkedIn profile disagree on the job: both are shown and the person picks, row by
 * row or for all. Each keeps the file's values until then (the person wrote them); a pick saves the contact, and a
 * change of company makes the e-mail lookup run again at the company the contact keeps (lambdas/contacts).
 */
export const ImportDisagreements = ({ rows, onChanged }: ImportDisagreementsProps) => {
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
        error: `Not saved: ${error instanceof Error ? error.message : String(error)}`,
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
      aria-label="File and LinkedIn differ"
    >
      <Alert
        type="info"
        showIcon
        title={`${count} contact${count === 1 ? '' : 's'} in your file ${count === 1 ? 'differs' : 'differ'} from LinkedIn`}
        description="Each contact keeps what your file says unless you pick LinkedIn. The e-mail lookup uses the company the contact keeps."
      />
      <div className="csv-import__disagreements-all">
        <Typography.Text type="secondary">For all:</Typography.Text>
        <Button size="small" disabled={applyingAll} onClick={() => void handleChooseAll('file')}>
          Keep file for all
        </Button>
        <Button size="small" disabled={applyingAll} onClick={() => void handleChooseAll('linkedin')}>
          Use LinkedIn for all
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
                  File: {jobLine(row.disagreement.file)} · LinkedIn: {jobLine(row.disagreement.linkedin)}
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
                aria-label={`What ${name} keeps`}
                value={state.choice}
                disabled={state.saving || applyingAll}
                onChange={(event) => void handleChoose(row, event.target.value as ImportChoice)}
                options={(['file', 'linkedin'] as const).map((choice) => ({
                  value: choice,
                  label: choiceLabels[choice],
                }))}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
};
