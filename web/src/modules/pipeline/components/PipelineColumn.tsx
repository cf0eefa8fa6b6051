import { useDroppable } from '@dnd-kit/core';
import { type PipelineCard, type PipelineStage, pipelineStageLabels } from '@shared/schemas/pipeline';
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { BookMeetingButton } from '@/modules/meetings/components/BookMeetingButton';
import { pipelineMessages as text } from '../pipelineMessages';
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
  const title = pipelineStageLabels[stage];
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
          <Typography.Text type="secondary" aria-label={text.stageCount(stage, cards.length)}>
            {cards.length}
          </Typography.Text>
        }
      >
        {cards.length === 0 ? (
          <div className="pipeline-stage__empty">
            <Typography.Text strong className="pipeline-stage__empty-title">
              {text.emptyStageTitle}
            </Typography.Text>
            {text.stageHints[stage]}
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
                    aria-label={text.replyTo(card.name)}
                    onClick={() => onReply(card)}
                  >
                    {text.reply}
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
