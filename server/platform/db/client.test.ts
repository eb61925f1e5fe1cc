import { describe, expect, it } from "vitest";
import { connectDatabase } from "./client";

describe("connectDatabase", () => {
  it("when an idle connection fails, then the handler gets the error's message and code only, not the client with its cancel key", async () => {
    const seen: unknown[] = [];
    const database = connectDatabase("postgres://nobody@127.0.0.1:1/none", { onError: (err) => seen.push(err) });
    const client = { processID: 4242, secretKey: 987654321, connectionParameters: { password: "pw" } };
    const err = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", client });

    database.pool.emit("error", err, client);

    expect(seen).toEqual([{ message: "terminating connection due to administrator command", code: "57P01" }]);
    expect(JSON.stringify(seen)).not.toMatch(/987654321|secretKey|pw/);
    await database.close();
  });
});
