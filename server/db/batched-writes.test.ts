import { describe, expect, it } from "vitest";
import { batchedWriter } from "./batched-writes";

/** A write that records each group it is given, and fails as `fail` says. */
function recordingWrite(fail: (items: string[]) => Error | undefined = () => undefined) {
  const groups: string[][] = [];
  const write = async (items: string[]) => {
    groups.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const error = fail(items);
    if (error) throw error;
  };
  return { groups, write };
}

describe("batchedWriter", () => {
  it("writes an item that arrives alone by itself and settles its caller once written", async () => {
    const { groups, write } = recordingWrite();
    const submit = batchedWriter(write);
    await submit("a");
    expect(groups).toEqual([["a"]]);
  });

  it("writes the items arriving while a write runs together, in arrival order", async () => {
    const { groups, write } = recordingWrite();
    const submit = batchedWriter(write);
    const first = submit("a");
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ["b", "c", "d"].map((item) => submit(item));
    await Promise.all([first, ...rest]);
    expect(groups).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("takes at most the given number of items per write", async () => {
    const { groups, write } = recordingWrite();
    const submit = batchedWriter(write, 2);
    await Promise.all(["a", "b", "c", "d", "e"].map((item) => submit(item)));
    expect(groups).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("writes a refused group again item by item, so only the bad item's caller fails", async () => {
    const refused = Object.assign(new Error("value too long"), { code: "22001" });
    const { groups, write } = recordingWrite((items) => (items.includes("bad") ? refused : undefined));
    const submit = batchedWriter(write);
    const results = await Promise.allSettled(["a", "bad", "c"].map((item) => submit(item)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(groups).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
  });

  it("fails the whole group at once when the database is out of reach, without writing each again", async () => {
    const unavailable = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const { groups, write } = recordingWrite(() => unavailable);
    const submit = batchedWriter(write);
    const results = await Promise.allSettled(["a", "b", "c"].map((item) => submit(item)));
    expect(results.every((r) => r.status === "rejected" && r.reason === unavailable)).toBe(true);
    expect(groups).toEqual([["a", "b", "c"]]);
  });

  it("keeps writing after a failed group", async () => {
    const { groups, write } = recordingWrite((items) => (items.includes("bad") ? new Error("refused") : undefined));
    const submit = batchedWriter(write);
    await expect(submit("bad")).rejects.toThrow("refused");
    await submit("next");
    expect(groups.at(-1)).toEqual(["next"]);
  });
});
