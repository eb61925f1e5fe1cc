/** The people with access's accounts and roles (roles.ts, the one table of who may use which admin route): login, sessions, the admin guards, passwords, the throttles' rules and the owner's known browsers. This file is the module's door: the rest of the server uses only what it exports. */
export { ensureAdminAccount, reportAdminBootstrap } from "./service";
export { createDeviceCookies } from "./device-cookie";
export { isAdmin, requireAdmin, requireAdminForWrites } from "./guards";
export { createPassport } from "./passport";
export { PASSWORD_COST, burnPasswordCheck, hashPassword, prepareDummyHash, verifyPassword } from "./passwords";
export type { ScryptCost } from "./passwords";
export { authRouter } from "./routes";
export { rememberActor, updatedByActor } from "./actor";
export { deleteSessionsOfUser as endSessionsOfUser } from "./storage";
export { createSessionLayer, sessionCookieName } from "./session";
export { createThrottles } from "./throttles";
export type { ThrottleLimits } from "./throttles";
