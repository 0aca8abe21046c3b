// Moving cards on the interactive board. Apart from the sample data, so that the prerendered board
// the landing page hydrates does not carry what only the drag-and-drop part (kanban-demo.tsx) uses.
import { type Board, LANES, type LaneId } from "./kanban-data";

export function laneOf(board: Board, id: string): LaneId | undefined {
  if ((LANES as readonly string[]).includes(id)) return id as LaneId;
  return LANES.find((lane) => board[lane].some((contact) => contact.id === id));
}

/** Moves a card to `toLane` at `index` (clamped), removing it from where it was. */
export function moveCard(board: Board, id: string, toLane: LaneId, index: number): Board {
  const from = laneOf(board, id);
  if (!from) return board;
  const card = board[from].find((x) => x.id === id);
  if (!card) return board;
  const next = { ...board, [from]: board[from].filter((x) => x.id !== id) } as Board;
  const target = [...next[toLane]];
  target.splice(Math.max(0, Math.min(index, target.length)), 0, card);
  next[toLane] = target;
  return next;
}
