// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "./dialog";

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Leave sign-up?"
      >
        <button type="button">Stay</button>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  afterEach(cleanup);

  it("is a modal dialog named by its title, with its content only while open", () => {
    render(<Harness />);
    expect(screen.queryByText("Stay")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Leave sign-up?" });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole("heading", { name: "Leave sign-up?" })).toBeTruthy();
  });

  it("asks to close on Escape (the cancel event) and gives the focus back to the opener", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog") as HTMLDialogElement;
    const cancel = new Event("cancel", { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});

function RemovableEntry() {
  const [entries, setEntries] = useState(["Reporting script", "Sync"]);
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <main>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        <ul>
          {entries.map((entry) => (
            <li key={entry}>
              <button type="button" onClick={() => setAsking(entry)}>
                Revoke {entry}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} title="Revoke the key?">
        <button
          type="button"
          onClick={() => {
            setAsking(null);
            // The entry goes once the dialog has closed, as a list reloaded after the step does.
            setTimeout(() => setEntries((all) => all.filter((e) => e !== asking)));
          }}
        >
          Revoke
        </button>
      </Dialog>
    </main>
  );
}

describe("Dialog focus when its opener is gone", () => {
  afterEach(cleanup);

  it("moves the focus to the heading of the opener's section, not the page body", async () => {
    render(<RemovableEntry />);
    const opener = screen.getByRole("button", { name: "Revoke Sync" });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke Sync" })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your keys" })));
  });
});
