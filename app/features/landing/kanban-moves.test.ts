import { describe, expect, it } from "vitest";
import { INITIAL_BOARD } from "./kanban-data";
import { laneOf, moveCard } from "./kanban-moves";

const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe("moveCard", () => {
  it("reorders within a lane", () => {
    const board = moveCard(INITIAL_BOARD, "c2", "applied", 0);
    expect(ids(board.applied)).toEqual(["c2", "c1"]);
  });
  it("moves to another lane at a position and leaves the source without the card", () => {
    const board = moveCard(INITIAL_BOARD, "c1", "interview", 0);
    expect(ids(board.applied)).toEqual(["c2"]);
    expect(ids(board.interview)).toEqual(["c1", "c5"]);
    expect(laneOf(board, "c1")).toBe("interview");
  });
  it("appends when the position is past the end and ignores unknown cards", () => {
    expect(ids(moveCard(INITIAL_BOARD, "c3", "offer", 99).offer)).toEqual(["c6", "c7", "c3"]);
    expect(moveCard(INITIAL_BOARD, "nope", "offer", 0)).toBe(INITIAL_BOARD);
  });
});
