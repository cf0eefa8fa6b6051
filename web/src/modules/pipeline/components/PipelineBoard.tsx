import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type PipelineCard, type PipelineStage, pipelineStages } from '@shared/schemas/pipeline';
import { useState } from 'react';
import { pipelineMessages as text } from '../pipelineMessages';
import type { BoardStage } from '../utils/pipelineBoard';
import { PipelineCardView } from './PipelineCardView';
import { PipelineColumn } from './PipelineColumn';

export type PipelineBoardProps = {
  stages: BoardStage[];
  now: number;
  onMove: (card: PipelineCard, stage: PipelineStage) => void;
  onOpen: (card: PipelineCard) => void;
};

const isStage = (value: unknown): value is PipelineStage => pipelineStages.includes(value as PipelineStage);

const cardOf = (data: { current?: Record<string, unknown> } | undefined) => data?.current?.card as PipelineCard;

/**
 * The arrow keys move a picked-up card one stage left or right (to the middle of that column), not a few pixels:
 * a stage is the only place a card can go.
 */
export const stageCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, over, active } = context;
  if (!step || !collisionRect) return undefined;
  const overStage = over?.id;
  const from = isStage(overStage) ? overStage : cardOf(active?.data)?.stage;
  const index = from ? pipelineStages.indexOf(from) : -1;
  const target = pipelineStages[index + step];
  const rect = target ? droppableRects.get(target) : undefined;
  if (!rect) return undefined;
  event.preventDefault();
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + Math.min(48, rect.height / 4) };
};

/** A pointer drops into the stage under it; the keyboard (no pointer) into the stage its card is centred on. */
const stageCollision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

const announcements: Announcements = {
  onDragStart: ({ active }) => text.pickedUp(cardOf(active.data).name, cardOf(active.data).stage),
  onDragOver: ({ active, over }) => text.over(cardOf(active.data).name, over ? String(over.id) : null),
  onDragEnd: ({ active, over }) =>
    text.dropped(cardOf(active.data).name, cardOf(active.data).stage, over ? String(over.id) : null),
  onDragCancel: ({ active }) => text.cancelled(cardOf(active.data).name, cardOf(active.data).stage),
};

/** The five stages side by side; a card dragged to another stage is moved there (@dnd-kit, pointer and keyboard). */
export const PipelineBoard = ({ stages, now, onMove, onOpen }: PipelineBoardProps) => {
  const sensors = useSensors(
    // a click (no movement) opens the contact; a drag starts after 6 px
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: stageCoordinates,
      // Enter opens the contact (a click on the card), so only Space picks it up; Tab does not drop it
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const [dragged, setDragged] = useState<PipelineCard | null>(null);

  const handleDragStart = ({ active }: DragStartEvent) => setDragged(cardOf(active.data) ?? null);
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = cardOf(active.data);
    if (card && over && isStage(over.id) && over.id !== card.stage) onMove(card, over.id);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={stageCollision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: text.dragInstructions } }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div className="pipeline-board">
        {stages.map((column) => (
          <PipelineColumn key={column.stage} stage={column.stage} cards={column.cards} now={now} onOpen={onOpen} />
        ))}
      </div>
      <DragOverlay>
        {dragged ? (
          <div className="pipeline-card pipeline-card--dragging">
            <PipelineCardView card={dragged} now={now} nameId={null} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
