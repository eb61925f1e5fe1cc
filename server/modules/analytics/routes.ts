import { Router, type RequestHandler } from "express";
import { analyticsRangeSchema } from "../../../shared/analytics";
import { ADMIN_DATA } from "../../platform/http/cache-policy";
import { parse } from "../../platform/http/validate";
import type { Analytics } from "./service";

/**
 * The owner's reading of the analytics (docs/analytics.md "Reading"), admin only: the report as
 * JSON, and its days as CSV. `POST /api/events` is not here: it is answered before Express.
 */
export function analyticsRouter(analytics: Analytics, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.get("/", requireAdmin, async (req, res) => {
    const query = parse(analyticsRangeSchema, req.query, "range");
    res.set("Cache-Control", ADMIN_DATA).json(await analytics.report(query));
  });
  r.get("/export.csv", requireAdmin, async (req, res) => {
    const { from, to, csv } = await analytics.csv(parse(analyticsRangeSchema, req.query, "range"));
    res
      .set("Cache-Control", ADMIN_DATA)
      .set("Content-Disposition", `attachment; filename="analytics-${from}-to-${to}.csv"`)
      .type("text/csv; charset=utf-8")
      .send(csv);
  });
  return r;
}
