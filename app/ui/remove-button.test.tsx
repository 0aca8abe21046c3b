// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RemoveButton } from "./remove-button";

function Entry({ onOpen = () => {}, onRemove = () => {} }: { onOpen?: () => void; onRemove?: () => void }) {
  return (
    <RemoveButton
      label="Remove"
      name="Remove +49 151 2345678"
      title="Remove +49 151 2345678?"
      confirm="Remove number"
      cancel="Cancel"
      onOpen={onOpen}
      onRemove={onRemove}
    >
      It can no longer receive codes.
    </RemoveButton>
  );
}

describe("RemoveButton", () => {
  afterEach(cleanup);

  it("asks first and removes nothing when the question is cancelled", () => {
    const onOpen = vi.fn();
    const onRemove = vi.fn();
    render(<Entry onOpen={onOpen} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove +49 151 2345678" }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("dialog", { name: "Remove +49 151 2345678?" })).toBeTruthy();
    expect(screen.getByText("It can no longer receive codes.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onRemove).not.toHaveBeenCalled();
  });

  it("closes its question, then removes once, on the question's button", async () => {
    const onRemove = vi.fn();
    render(<Entry onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove +49 151 2345678" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove number" }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
