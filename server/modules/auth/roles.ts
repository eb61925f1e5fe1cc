import type { Role } from "../../../shared/access";

/**
 * Who may use each admin route: THE table of the roles (docs/product.md "People with access").
 * An owner may use every route; an editor only those this table gives to `editor`. The guards
 * (guards.ts) read it for every admin read (`requireAdmin`) and every write
 * (`requireAdminForWrites`); a route it does not name is the owner's (an editor gets 403), and
 * the route walk (roles.api.test.ts) fails on any admin route this table does not classify.
 *
 * The principle: an editor makes the show (content, clips, episodes, providers, the About page and
 * pictures, the editors page's texts, messages, hand-ins, the feed's refresh and deleted
 * episodes, their own language) and reads what those screens need (settings, analytics); the
 * owner alone decides who has access, takes the backup, and sets the feed address (switching or
 * adopting another show), the theme, the site's language and the audition code.
 *
 * `path`: relative to /api, matched on whole segments (`/episodes` is `/episodes` and everything
 * under it); `:x` matches any one segment. The first rule that matches decides.
 */
export interface RoleRule {
  methods: "*" | readonly string[];
  path: string;
  role: Role;
}

const READ = ["GET", "HEAD"] as const;

const ROLE_RULES: readonly RoleRule[] = [
  // The people with access and the backup: the owner's.
  { methods: "*", path: "/users", role: "owner" },
  { methods: "*", path: "/backup", role: "owner" },
  // The feed address: switching to the feed that moved, the previous feed's episodes, another show.
  { methods: "*", path: "/feed/move", role: "owner" },
  { methods: "*", path: "/feed/previous-episodes", role: "owner" },
  { methods: "*", path: "/feed/show", role: "owner" },
  { methods: "*", path: "/feed/adopt-show", role: "owner" },
  { methods: "*", path: "/feed", role: "editor" },
  // Settings: an editor reads them all and writes the show's texts; OWNER_SETTINGS below stay the owner's.
  { methods: "*", path: "/settings", role: "editor" },
  // The content.
  { methods: "*", path: "/episodes", role: "editor" },
  { methods: "*", path: "/clips", role: "editor" },
  { methods: "*", path: "/providers", role: "editor" },
  { methods: "*", path: "/identity", role: "editor" },
  { methods: "*", path: "/objects", role: "editor" },
  // Listeners' messages and the candidates' hand-ins, the editors page and its log.
  { methods: "*", path: "/messages", role: "editor" },
  { methods: "*", path: "/auditions", role: "editor" },
  // Whether e-mail is set up: the hand-ins' screen offers a note to the candidate when it is.
  { methods: READ, path: "/mail", role: "editor" },
  { methods: READ, path: "/editors/password-status", role: "editor" },
  { methods: "*", path: "/editor-access-log", role: "editor" },
  // What the audience does: read by everyone who makes the show.
  { methods: READ, path: "/analytics", role: "editor" },
  // Who is signed in (every person), and their own language for the admin area.
  { methods: READ, path: "/auth/me", role: "editor" },
  { methods: "*", path: "/languages/mine", role: "editor" },
];

/** Settings only an owner may write: the feed address, the theme, the site's language, the audition code. */
const OWNER_SETTINGS: readonly string[] = ["rss_url", "site_theme", "site_language", "editors_password"];

/** A path's segments, lower-cased: Express routes match whatever the case (`/feed/MOVE` is `/feed/move`), so the table must too. */
const segments = (path: string) => path.toLowerCase().split("/").filter(Boolean);

function matches(rule: RoleRule, method: string, path: string): boolean {
  if (rule.methods !== "*" && !rule.methods.includes(method)) return false;
  const want = segments(rule.path);
  const got = segments(path);
  return want.length <= got.length && want.every((part, i) => part.startsWith(":") || part === got[i]);
}

/** The role a route needs, or undefined when the table does not name it (the owner's, and a failing route walk). */
export function ruleFor(method: string, apiPath: string): RoleRule | undefined {
  return ROLE_RULES.find((rule) => matches(rule, method.toUpperCase(), apiPath));
}

/** The setting keys a settings write names (one `{key}` or a batch `{settings: [{key}]}`). */
function settingKeysOf(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const one = (body as { key?: unknown }).key;
  const many = (body as { settings?: unknown }).settings;
  const keys = typeof one === "string" ? [one] : [];
  if (Array.isArray(many))
    for (const entry of many) if (typeof (entry as { key?: unknown })?.key === "string") keys.push((entry as { key: string }).key);
  return keys;
}

/** Whether a person of `role` may make this request (path relative to /api; body already parsed). */
export function roleAllows(role: Role, method: string, apiPath: string, body?: unknown): boolean {
  if (role === "owner") return true;
  const rule = ruleFor(method, apiPath);
  if (rule?.role !== "editor") return false;
  const write = !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
  if (write && segments(apiPath)[0] === "settings") return !settingKeysOf(body).some((key) => OWNER_SETTINGS.includes(key));
  return true;
}
