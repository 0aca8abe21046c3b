import { isDatabaseUnavailable } from "./errors.js";

interface Pending<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Writes the items that arrive while an earlier write is running together, in one statement and one
 * commit: under a burst the database's work per statement and per commit (parsing, planning, the
 * disk flush) is then shared by the whole group, and an item arriving alone is written at once.
 * Each caller's promise settles when its own item is committed or has failed. A group refused for
 * what it holds (not for the database being out of reach) is written again item by item, so one
 * bad item fails its own caller only (docs/decisions/140).
 */
export function batchedWriter<T>(write: (items: T[]) => Promise<void>, maxBatch = 100): (item: T) => Promise<void> {
  const queue: Pending<T>[] = [];
  let running = false;

  async function writeGroup(group: Pending<T>[]): Promise<void> {
    try {
      await write(group.map((p) => p.item));
      for (const p of group) p.resolve();
    } catch (error) {
      if (group.length === 1 || isDatabaseUnavailable(error)) {
        for (const p of group) p.reject(error);
        return;
      }
      for (const p of group) await writeGroup([p]);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    do {
      // A turn of the event loop first, so that the requests already received reach the queue: the
      // embedded database runs in this thread and holds the loop while it writes.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await writeGroup(queue.splice(0, maxBatch));
    } while (queue.length);
    running = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
