/** Settings: the site's key-value settings (About, theme, footer, feed address, the audition password), public and admin. This file is the module's door: the rest of the server uses only what it exports. */
export { settingsRouter } from "./routes";
export { createSettingsService } from "./service";
export type { SettingsService } from "./service";
export { getVersionedSettings, lockSetting, putSetting } from "./storage";
