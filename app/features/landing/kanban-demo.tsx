import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { KanbanCard, KanbanLane } from "./kanban-card";
import { type Board, type DemoContact, INITIAL_BOARD, LANES, type LaneId } from "./kanban-data";
import { laneOf, moveCard } from "./kanban-moves";

/** Drag activation: mouse after 3 px, touch after 150 ms within 5 px. */
const MOUSE_ACTIVATION = { distance: 3 };
const TOUCH_ACTIVATION = { delay: 150, tolerance: 5 };
const DROP_ANIMATION = { duration: 300, easing: "cubic-bezier(0.2, 0, 0, 1)" };

const collision: CollisionDetection = closestCorners;

/** The interactive demo board: reorder within a lane, move between lanes. Local state only. */
export default function KanbanDemo() {
  const { t } = useTranslation("landing");
  const [board, setBoard] = useState<Board>(INITIAL_BOARD);
  const [activeId, setActiveId] = useState<string | null>(null);
  const latest = useRef(board);
  latest.current = board;
  const beforeDrag = useRef<Board>(board);
  const savedOverflow = useRef("");

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const contactById = (id: string | number): DemoContact | undefined =>
    LANES.flatMap((lane) => latest.current[lane]).find((c) => c.id === String(id));

  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the latest board through a ref
  const announcements = useMemo<Announcements>(() => {
    // Positions come from the drop target: the board state may not have re-rendered yet.
    const where = (id: string | number) => {
      const board = latest.current;
      const lane = laneOf(board, String(id));
      if (!lane) return null;
      const index = board[lane].findIndex((c) => c.id === String(id));
      return { lane: t(`kanban.lanes.${lane}`), position: index < 0 ? board[lane].length + 1 : index + 1 };
    };
    const name = (id: string | number) => contactById(id)?.name ?? "";
    return {
      onDragStart: ({ active }) => t("kanban.announcements.start", { name: name(active.id), ...where(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t("kanban.announcements.over", { name: name(active.id), ...where(over.id) })
          : t("kanban.announcements.overNothing", { name: name(active.id) }),
      onDragEnd: ({ active, over }) => t("kanban.announcements.end", { name: name(active.id), ...where(over?.id ?? active.id) }),
      onDragCancel: ({ active }) => {
        const lane = laneOf(beforeDrag.current, String(active.id));
        return t("kanban.announcements.cancel", { name: name(active.id), lane: lane ? t(`kanban.lanes.${lane}`) : "" });
      },
    };
  }, [t]);

  const lockScroll = () => {
    savedOverflow.current = document.body.style.overflow;
    document.body.style.overflow = "hidden";
  };
  const unlockScroll = () => {
    document.body.style.overflow = savedOverflow.current;
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    beforeDrag.current = board;
    setActiveId(String(active.id));
    lockScroll();
  };

  // Crossing into another lane moves the card there right away, so the lane makes room for it.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const id = String(active.id);
    setBoard((current) => {
      const from = laneOf(current, id);
      const to = laneOf(current, String(over.id));
      if (!from || !to || from === to) return current;
      const overIndex = current[to].findIndex((c) => c.id === String(over.id));
      const activeTop = active.rect.current.translated?.top ?? 0;
      const below = overIndex >= 0 && activeTop > over.rect.top + over.rect.height / 2;
      return moveCard(current, id, to, overIndex < 0 ? current[to].length : overIndex + (below ? 1 : 0));
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    unlockScroll();
    if (!over) return;
    const id = String(active.id);
    setBoard((current) => {
      const lane = laneOf(current, id);
      const overLane = laneOf(current, String(over.id));
      if (!lane || lane !== overLane) return current;
      const overIndex = current[lane].findIndex((c) => c.id === String(over.id));
      const from = current[lane].findIndex((c) => c.id === id);
      if (overIndex < 0 || overIndex === from) return current;
      return moveCard(current, id, lane, overIndex);
    });
  };

  const onDragCancel = () => {
    setActiveId(null);
    unlockScroll();
    setBoard(beforeDrag.current);
  };

  const active = activeId ? contactById(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      // The page stays still while dragging, so nothing scrolls under the pointer.
      autoScroll={false}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("kanban.announcements.instructions") } }}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {LANES.map((lane) => (
          <Lane key={lane} lane={lane} contacts={board[lane]} />
        ))}
      </div>
      <DragOverlay dropAnimation={DROP_ANIMATION}>{active ? <KanbanCard contact={active} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}

function Lane({ lane, contacts }: { lane: LaneId; contacts: DemoContact[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: lane });
  return (
    <KanbanLane ref={setNodeRef} lane={lane} count={contacts.length} over={isOver}>
      <SortableContext id={lane} items={contacts.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        {contacts.map((contact) => (
          <SortableCard key={contact.id} contact={contact} />
        ))}
      </SortableContext>
    </KanbanLane>
  );
}

function SortableCard({ contact }: { contact: DemoContact }) {
  const { t } = useTranslation("landing");
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: contact.id,
    attributes: { roleDescription: t("kanban.roleDescription") },
  });
  return (
    <KanbanCard
      ref={setNodeRef}
      contact={contact}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className="cursor-grab touch-manipulation active:cursor-grabbing"
      {...attributes}
      {...listeners}
    />
  );
}
