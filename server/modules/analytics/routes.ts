import { Router, type RequestHandler } from "express";
import { analyticsExportSchema, analyticsRangeSchema } from "../../../shared/analytics";
import { ADMIN_DATA } from "../../platform/http/cache-policy";
import { parse } from "../../platform/http/validate";
import type { Analytics } from "./service";

/**
 * The owner's reading of the analytics (docs/analytics.md "Reading"), admin only: the report as
 * JSON, and as CSV its days or any one of its tables (`?table=`), for a spreadsheet. `POST /api/events` is not here: it is answered before Express.
 */
export function analyticsRouter(analytics: Analytics, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.get("/", requireAdmin, async (req, res) => {
    const query = parse(analyticsRangeSchema, req.query, "range");
    res.set("Cache-Control", ADMIN_DATA).json(await analytics.report(query));
  });
  r.get("/export.csv", requireAdmin, async (req, res) => {
    const { from, to, table, csv } = await analytics.csv(parse(analyticsExportSchema, req.query, "range"));
    // The days keep the name they always had; a table's file names the table too.
    const name = table === "days" ? `analytics-${from}-to-${to}.csv` : `analytics-${table}-${from}-to-${to}.csv`;
    res
      .set("Cache-Control", ADMIN_DATA)
      .set("Content-Disposition", `attachment; filename="${name}"`)
      .type("text/csv; charset=utf-8")
      .send(csv);
  });
  return r;
}
