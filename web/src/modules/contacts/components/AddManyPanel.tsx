import { Alert, Button, Progress, Typography } from 'antd';
// antd's Input.TextArea comes lazily (web/vite/lazyAntdParts.ts): this form takes it with its own code
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivityReport } from '@/modules/activity/hooks/useActivityReport';
import { useContactActions } from '../hooks/useContactActions';
import { splitUrls } from '../utils/splitUrls';
import { failureReason } from '../utils/importContacts';
import { isContactLimitError } from '../utils/isContactLimitError';
import './contacts.css';

export type AddManyPanelProps = { onAdded: () => void };

type Outcome = { url: string; status: 'added' | 'failed' | 'not_added'; message: string };

/**
 * Paste many LinkedIn URLs: they are added one after another, recorded as an activity action (SPEC §3: profile count,
 * fetched count, failed count) with a progress bar; the run stops at the contact limit, which opens its dialog.
 */
export const AddManyPanel = ({ onAdded }: AddManyPanelProps) => {
  const { t } = useTranslation('contacts');
  const { add } = useContactActions();
  const activity = useActivityReport();
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [total, setTotal] = useState(0);
  const { urls, rejected } = splitUrls(text);

  const handleAdd = async () => {
    setRunning(true);
    setOutcomes([]);
    setTotal(urls.length);
    const report = activity.start(urls.length);
    const done: Outcome[] = [];
    let fetched = 0;
    let failed = 0;
    for (const [index, url] of urls.entries()) {
      try {
        await add({ linkedinUrl: url });
        fetched += 1;
        done.push({ url, status: 'added', message: t('addMany.added') });
        onAdded();
      } catch (error) {
        if (isContactLimitError(error)) {
          done.push(
            ...urls.slice(index).map((rest) => ({
              url: rest,
              status: 'not_added' as const,
              message: t('addMany.limitReached'),
            })),
          );
          setOutcomes([...done]);
          setText(urls.slice(index).join('\n'));
          void report.finish(
            { completed: fetched, added: fetched, failed },
            t('addMany.stoppedAtLimit', { count: fetched, total: urls.length }),
          );
          setRunning(false);
          return;
        }
        failed += 1;
        done.push({ url, status: 'failed', message: failureReason(error) });
      }
      report.progress({ completed: fetched, added: fetched, failed });
      setOutcomes([...done]);
    }
    void report.finish(
      { completed: fetched, added: fetched, failed },
      fetched === 0 && failed > 0 ? t('addMany.noneAdded', { count: urls.length }) : undefined,
    );
    setRunning(false);
    // what is left in the box is what still needs a look
    setText(
      done
        .filter((outcome) => outcome.status !== 'added')
        .map((outcome) => outcome.url)
        .join('\n'),
    );
  };

  const finished = !running && outcomes.length > 0;
  const added = outcomes.filter((outcome) => outcome.status === 'added').length;
  const problems = outcomes.filter((outcome) => outcome.status !== 'added');

  return (
    <div className="add-many">
      <div>
        <label htmlFor="add-many-urls" className="add-many__label">
          {t('addMany.label')}
        </label>
        <TextArea
          id="add-many-urls"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={7}
          disabled={running}
          placeholder={'https://www.linkedin.com/in/ada-lovelace\nhttps://www.linkedin.com/in/alan-turing'}
        />
        <Typography.Text type="secondary" className="contacts-text--smaller">
          {t('addMany.profiles', { count: urls.length })}
          {rejected.length ? ` · ${t('addMany.rejected', { count: rejected.length })}` : ''}
          {` · ${t('addMany.slotEach')}`}
        </Typography.Text>
      </div>
      {running || finished ? (
        <div data-testid="add-many-progress">
          <Progress
            percent={total ? Math.round((outcomes.length / total) * 100) : 0}
            status={running ? 'active' : added === 0 ? 'exception' : 'success'}
          />
          <Typography.Text type="secondary" className="contacts-text--small">
            {running
              ? t('addMany.adding', { current: outcomes.length + 1, total })
              : t('addMany.addedOf', { count: added, total })}
          </Typography.Text>
        </div>
      ) : null}
      {finished && problems.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('addMany.notAdded', { count: problems.length })}
          description={
            <ul className="add-many__problems">
              {problems.map((problem) => (
                <li key={problem.url}>
                  <Typography.Text code>{problem.url}</Typography.Text> {problem.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <div className="contact-form__actions">
        <Button type="primary" onClick={() => void handleAdd()} loading={running} disabled={!urls.length}>
          {urls.length ? t('addMany.addCount', { count: urls.length }) : t('addMany.addNone')}
        </Button>
      </div>
    </div>
  );
};
