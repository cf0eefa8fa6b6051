import { useDroppable } from '@dnd-kit/core';
import type { PipelineCard, PipelineStage } from '@shared/schemas/pipeline';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { BookMeetingButton } from '@/modules/meetings/components/BookMeetingButton';
import { useTranslation } from 'react-i18next';
import { stageHint, stageLabel } from '../utils/stageLabel';
import { VisuallyHidden } from '@/ui/text/VisuallyHidden';
import { DraggableCard } from './PipelineCardView';

export type PipelineColumnProps = {
  stage: PipelineStage;
  cards: PipelineCard[];
  now: number;
  onOpen: (card: PipelineCard) => void;
  /** answers the contact who replied: their drawer with the reply composer open (DESIGN §9) */
  onReply?: ((card: PipelineCard) => void) | undefined;
};

/** One stage of the board: a drop target holding its cards, or what puts a contact there while it has none. */
export const PipelineColumn = ({ stage, cards, now, onOpen, onReply }: PipelineColumnProps) => {
  const { setNodeRef, isOver } = useDroppable({ id: stage, data: { stage } });
  const { t } = useTranslation('pipeline');
  const title = stageLabel(stage);
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`stage-${stage}`}
      data-testid={`pipeline-stage-${stage}`}
      className={`pipeline-stage${isOver ? ' pipeline-stage--over' : ''}`}
    >
      <Card
        size="small"
        className="pipeline-stage__card"
        title={
          <span className="pipeline-stage__title">
            <span aria-hidden="true" className={`pipeline-stage__dot pipeline-stage__dot--${stage}`} />
            <span id={`stage-${stage}`}>{title}</span>
          </span>
        }
        extra={
          // a plain text can carry no name of its own (aria-label on a span): the number shown, its meaning for readers
          <Typography.Text type="secondary">
            <span aria-hidden="true">{cards.length}</span>
            <VisuallyHidden>{t('column.count', { stage: title, count: cards.length })}</VisuallyHidden>
          </Typography.Text>
        }
      >
        {cards.length === 0 ? (
          <div className="pipeline-stage__empty">
            <Typography.Text strong className="pipeline-stage__empty-title">
              {t('column.empty')}
            </Typography.Text>
            {stageHint(stage)}
          </div>
        ) : (
          <ul className="pipeline-stage__cards" aria-labelledby={`stage-${stage}`}>
            {cards.map((card) => (
              <li key={card.contactId} className="pipeline-stage__item">
                <DraggableCard card={card} now={now} onOpen={onOpen} />
                <BookMeetingButton
                  contact={{ id: card.contactId, name: card.name }}
                  iconOnly
                  size="small"
                  type="text"
                  className="pipeline-card__book"
                />
                {stage === 'replied' && onReply ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<RollbackOutlined />}
                    className="pipeline-card__reply"
                    aria-label={t('column.replyTo', { name: card.name })}
                    onClick={() => onReply(card)}
                  >
                    {t('column.reply')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
};
