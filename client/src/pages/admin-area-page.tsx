import "@/admin.css";
import { useEffect } from "react";
import { Route, Switch } from "wouter";
import { wantAdminOverlay } from "@/lib/admin-overlay-store";
import { AdminDashboardPage } from "./admin-dashboard-page";
import { ClipsAdminPage } from "./clips-admin-page";
import { EditorsAdminPage } from "./editors-admin-page";
import { EpisodesAdminPage } from "./episodes-admin-page";
import { ProvidersAdminPage } from "./providers-admin-page";

/** The admin area, one lazy chunk (STYLE.md); Uppy loads later still, with the upload dialog. */
export default function AdminAreaPage() {
  useEffect(wantAdminOverlay, []);
  return (
    <Switch>
      <Route path="/admin" component={AdminDashboardPage} />
      <Route path="/providers" component={ProvidersAdminPage} />
      <Route path="/episodes" component={EpisodesAdminPage} />
      <Route path="/admin/clips" component={ClipsAdminPage} />
      <Route path="/admin/editors" component={EditorsAdminPage} />
    </Switch>
  );
}
