import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "extension/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and databases; two cores run two files at once.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "cluster",
          sequence: { groupOrder: 2 },
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
