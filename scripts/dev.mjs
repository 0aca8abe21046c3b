// `npm run dev`: the product server (API, mails, database) restarting on change, and Vite's dev
// server with hot reloading for the pages, which forwards API calls to the product server.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";

const apiPort = process.env.API_PORT ?? "3000";
// The product server serves pages from the build; in development Vite serves them instead.
if (!existsSync("build/client")) mkdirSync("build/client", { recursive: true });

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, BASE_URL: process.env.BASE_URL ?? "http://localhost:5173" },
  }),
  spawn("npx", ["react-router", "dev"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    if (code) stop();
  });
