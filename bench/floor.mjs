// The floor the benchmark compares against: an Express hello-world, in its own process.
import express from "express";

const app = express();
app.get("/", (_req, res) => res.json({ hello: "world" }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
