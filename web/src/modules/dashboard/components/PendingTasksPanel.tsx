import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Panel } from '@/ui/Panel';
import { SkeletonText } from '@/ui/Skeleton';
import { Text } from '@/ui/text/Text';
import { Title } from '@/ui/text/Title';
import { positiveClassifications } from '@shared/schemas/conversations';
import type { PendingTask } from '@shared/schemas/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Tag } from '@/ui/Tag';
import { classificationColors, classificationLabel } from '@/modules/conversations/utils/conversationLabels';
import { usePendingTasks } from '../hooks/usePendingTasks';
import { openTasks, pendingTaskPlace, pendingTaskTitle, pendingTaskViews, taskTime } from '../utils/pendingTaskLinks';
import './dashboard.css';

/** Each kind lists its first few; the link under them leads to the rest. */
const shownItems = 3;

const TaskGroup = ({ task }: { task: PendingTask }) => {
  const { t, i18n } = useTranslation('dashboard');
  const view = pendingTaskViews[task.kind];
  const headingId = `pending-task-${task.kind}`;
  return (
    <section className="pending-task" aria-labelledby={headingId} data-testid={`task-${task.kind}`}>
      <div className="pending-task__head">
        <Title level={3} id={headingId} className="pending-task__title">
          {pendingTaskTitle(task.kind)}
        </Title>
        <span className="pending-task__count" data-testid={`task-count-${task.kind}`}>
          {task.count.toLocaleString(i18n.language)}
        </span>
      </div>
      <ul className="pending-task__items">
        {task.items.slice(0, shownItems).map((item) => {
          const name = item.name || t('tasks.unnamed');
          // an interested answer or a referral asks for the person's reply (DESIGN §9 'Triage')
          const asksForReply = item.classification && positiveClassifications.includes(item.classification);
          return (
            <li key={item.id}>
              <Link to={view.itemTo(item)} className="pending-task__item">
                <span className="pending-task__name">{asksForReply ? t('tasks.replyTo', { name }) : name}</span>
                {item.classification ? (
                  <Tag color={classificationColors[item.classification]} data-testid="task-label">
                    {classificationLabel(item.classification)}
                  </Tag>
                ) : null}
                <span className="pending-task__detail">{item.detail}</span>
                {view.showsTime && item.at ? <time dateTime={item.at}>{taskTime(item.at)}</time> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link to={view.to} className="pending-task__more">
        {task.count > shownItems
          ? t('tasks.all', { count: task.count.toLocaleString(i18n.language), place: pendingTaskPlace(view.place) })
          : t('tasks.open', { place: pendingTaskPlace(view.place) })}
      </Link>
    </section>
  );
};

/** What to do next: the kinds of task with something waiting, each leading to where it is done. */
export const PendingTasksPanel = () => {
  const { t, i18n } = useTranslation('dashboard');
  const { data, error, isValidating, mutate } = usePendingTasks();
  const tasks = data ? openTasks(data.tasks) : [];

  const body = (() => {
    if (!data && error) {
      return (
        <div className="pending-tasks__error" role="alert">
          <Text type="danger">{t('tasks.loadFailed', { message: error.message })}</Text>
          <Button size="small" icon={<ReloadOutlined />} loading={isValidating} onClick={() => void mutate()}>
            {t('tasks.tryAgain')}
          </Button>
        </div>
      );
    }
    if (!data) return <SkeletonText rows={3} className="pending-tasks__loading" />;
    if (!tasks.length) {
      return (
        <div className="pending-tasks__done">
          <CheckCircleOutlined className="pending-tasks__done-icon" aria-hidden="true" />
          <Text strong>{t('tasks.doneTitle')}</Text>
          <Text type="secondary">{t('tasks.doneText')}</Text>
        </div>
      );
    }
    return (
      <div className="pending-tasks__groups">
        {tasks.map((task) => (
          <TaskGroup key={task.kind} task={task} />
        ))}
      </div>
    );
  })();

  return (
    <Panel
      size="small"
      className="pending-tasks"
      data-testid="pending-tasks"
      aria-busy={!data && !error}
      title={
        <span className="pending-tasks__title">
          <Title level={2} className="pending-tasks__heading">
            {t('tasks.title')}
          </Title>
          {data?.total ? (
            <Text type="secondary" data-testid="pending-tasks-total">
              {data.total.toLocaleString(i18n.language)}
            </Text>
          ) : null}
        </span>
      }
    >
      {body}
    </Panel>
  );
};
