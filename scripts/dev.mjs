// `npm run dev`: the API with reload (tsx watch) on API_PORT, and Vite on PORT, proxying to it.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "5000";
const apiPort = process.env.API_PORT ?? "5001";
const children = [
  spawn("npx", ["tsx", "watch", "server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", NODE_ENV: "development", PUBLIC_URL: `http://localhost:${port}` },
  }),
  spawn("npx", ["vite", "--port", port, "--strictPort"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
children.forEach((c) =>
  c.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  }),
);
