/** Notices: the owners' e-mail about new hand-ins and messages, queued and sent by the minute, one e-mail or a digest; and whether e-mail is set up. This file is the module's door: the rest of the server uses only what it exports. */
export { createNotices } from "./service";
export type { NoticesService } from "./service";
export { startNoticeSchedule } from "./schedule";
export { mailRouter } from "./routes";
