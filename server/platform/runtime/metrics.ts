import http from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Running totals kept elsewhere (the public cache's, the change bus's), read when Prometheus asks. */
type Totals = () => Record<string, number>;

export interface Metrics {
  registry: Registry;
  /** One answered request: `route` is a route of the app (a bounded set), `path` how it was answered. */
  observeRequest(route: string, method: string, status: number, seconds: number, path: "fast" | "express"): void;
  feedSynced(outcome: "changed" | "unchanged" | "failed"): void;
  /** Counters read from totals kept elsewhere: each scrape adds what was added since the last. */
  countFrom(name: string, help: string, label: string, totals: Totals): void;
  /** Gauges read when Prometheus asks. */
  gaugeFrom(name: string, help: string, label: string, values: Totals): void;
}

/**
 * The app's Prometheus metrics, in a registry of its own (tests run many apps in one process):
 * requests by route and how they were answered, their durations, feed syncs, and whatever the
 * app adds with countFrom/gaugeFrom (cache reads, the change bus, the database pool), plus
 * Node's own (memory, event-loop lag, garbage collection).
 */
export function createMetrics({ processMetrics }: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  // Node's own metrics watch the whole process (one set is enough; tests run many apps in one).
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route, method, status and path (fast: from memory before Express)",
    labelNames: ["route", "method", "status", "path"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by route and path",
    labelNames: ["route", "path"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const feedSyncs = new Counter({
    name: "feed_syncs_total",
    help: "Syncs of the show's feed, by outcome",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });

  // Each label set's series, looked up by one string rather than prom-client hashing a labels
  // object on every request (the labels are bounded, so is this map).
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();

  return {
    registry,
    observeRequest(route, method, status, seconds, path) {
      const key = `${route} ${method} ${status} ${path}`;
      let one = series.get(key);
      if (!one) {
        one = { count: requests.labels(route, method, String(status), path), time: durations.labels(route, path) };
        series.set(key, one);
      }
      one.count.inc();
      one.time.observe(seconds);
    },
    feedSynced(outcome) {
      feedSyncs.inc({ outcome });
    },
    countFrom(name, help, label, totals) {
      const seen: Record<string, number> = {};
      new Counter({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          for (const [value, total] of Object.entries(totals())) {
            const added = total - (seen[value] ?? 0);
            if (added > 0) this.inc({ [label]: value }, added);
            seen[value] = total;
          }
        },
      });
    },
    gaugeFrom(name, help, label, values) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          for (const [value, current] of Object.entries(values())) this.set({ [label]: value }, current);
        },
      });
    },
  };
}

/**
 * GET /metrics for Prometheus on its own port, bound to 127.0.0.1: the numbers say how the site is
 * used, which is nobody else's business, and a scrape never competes with visitors' requests.
 */
export function serveMetrics(registry: Registry, port: number, host = "127.0.0.1"): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be collected\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
