import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp } from "../../test/harness";
import { ensureAdminAccount } from "./service";

const NEW_PASSWORD = "the owner's recovered password";

describe("the admin account set from ADMIN_PASSWORD while the server starts", () => {
  it("when a login with the new password comes before the account is set, then it waits for it and succeeds, while the health check answers at once", async () => {
    let settle!: () => void;
    const accountReady = new Promise<void>((resolve) => (settle = resolve));
    const t = await createTestApp({ accountReady });
    try {
      let answered = false;
      const login = t.request
        .post("/api/auth/login")
        .send({ email: ADMIN_EMAIL, password: NEW_PASSWORD })
        .then((res) => {
          answered = true;
          return res;
        });
      // The login is on its way (supertest sends on then()); the health check does not wait.
      await t.request.get("/api/health").expect(200);
      expect(answered).toBe(false);

      await ensureAdminAccount(t.db.database.db, { email: ADMIN_EMAIL, password: NEW_PASSWORD });
      settle();

      expect((await login).status).toBe(200);
      await t.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(401);
    } finally {
      await t.close();
    }
  }, 20_000);
});
