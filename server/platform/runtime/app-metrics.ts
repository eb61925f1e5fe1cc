import type { Application, Request, Response } from "express";
import type { ChangeBus } from "../db/change-bus";
import type { Database } from "../db/client";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";
import type { PublicCache } from "../http/public-cache";

/**
 * The app's measurements, wired by app.ts: a request's route label (a bounded set), the fast
 * path's answers counted and sampled into the access log, and the totals of the cache, the
 * change bus and the pool as Prometheus metrics.
 */

export const secondsSince = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9;

/**
 * A request's route for the metrics, from a bounded set: the template of the route that answered
 * it (/api/clips/slug/:slug), what a router named (page:episode, static), or "other". Express
 * matches paths whatever their case and with a trailing slash, so the request's own spelling
 * never becomes a label (each label is a time series kept for good): the route's mount, read
 * from the path asked for as Express forgets it once an error leaves the router, is lower-cased,
 * and the result must be one of the app's route templates.
 */
export function routeLabel(req: Request, res: Response): string {
  if (typeof res.locals.route === "string") return res.locals.route;
  const route = (req.route as { path?: unknown } | undefined)?.path;
  const segments = req.originalUrl.split("?")[0]!.split("/").filter(Boolean);
  let label: string;
  if (Array.isArray(route)) {
    // One route for several paths (the visitors' lists): the one of them that was asked for.
    label = `/${segments.join("/").toLowerCase()}`;
  } else if (typeof route === "string") {
    const own = route.split("/").filter(Boolean);
    const mount = segments.slice(0, Math.max(0, segments.length - own.length)).map((segment) => segment.toLowerCase());
    label = `/${[...mount, ...own].join("/")}`;
  } else {
    return "other";
  }
  return templatesOf(req.app).has(label) ? label : "other";
}

const templates = new WeakMap<Application, Set<string>>();

/** Every route template of the app, its routers' mounts included, listed once per app. */
function templatesOf(app: Application): Set<string> {
  let found = templates.get(app);
  if (!found) {
    found = new Set();
    const walk = (router: Partial<RouteLister> | undefined, prefix: string) => {
      for (const { path, router: mounted } of router?.listRoutes?.() ?? []) {
        if (typeof path !== "string") continue;
        const full = prefix + (path === "/" ? "" : path);
        if (mounted) walk(mounted, full);
        else found!.add(full || "/");
      }
    };
    walk((app as unknown as { router: RouteLister }).router, "");
    templates.set(app, found);
  }
  return found;
}

/** What Express 5's router says of its routes and mounted routers (router's listRoutes). */
interface RouteLister {
  listRoutes(): { path: string | RegExp; router?: RouteLister }[];
}

/**
 * Counts a fast-path answer, and logs one in `sample` of them as the request logger logs an
 * answer (at debug), saying how many it stands for: the log keeps the shape of the traffic
 * without a line per request.
 */
export function answeredFast(metrics: Metrics, logger: Logger, sample: number) {
  let answered = 0;
  return (req: { method?: string; url?: string }, status: number, startedAt: bigint, route: string) => {
    metrics.observeRequest(route, req.method ?? "GET", status, secondsSince(startedAt), "fast");
    answered++;
    if (sample > 0 && answered % sample === 0) {
      logger.debug(
        { req: { method: req.method, url: req.url }, res: { statusCode: status }, path: "fast", standsFor: sample },
        "request completed",
      );
    }
  };
}

/** The totals kept by the cache, the change bus and the pool, as metrics. */
export function countRuntime(metrics: Metrics, { cache, bus, pool }: { cache: PublicCache; bus: ChangeBus; pool: Database["pool"] }) {
  metrics.countFrom("public_cache_reads_total", "Visitors' reads of the public cache, by result", "result", () => ({
    hit: cache.stats.hits,
    miss: cache.stats.misses,
  }));
  metrics.countFrom("change_notices_total", "Change notices, by direction (received: from other instances)", "direction", () => ({
    received: bus.stats.received,
    published: bus.stats.published,
  }));
  metrics.countFrom("change_bus_reconnects_total", "Times the connection that listens for notices was made again", "bus", () => ({
    notices: bus.stats.reconnects,
  }));
  metrics.gaugeFrom("change_bus_listening", "1 while this instance listens for other instances' notices", "bus", () => ({
    notices: bus.stats.listening ? 1 : 0,
  }));
  metrics.gaugeFrom("db_pool_connections", "The database pool's connections, by state", "state", () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
}
