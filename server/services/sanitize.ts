// The sanitiser lives in lib/ so that code below the services (the feed parser) can use it too.
export { sanitizeFooterHtml, sanitizeSvg } from "../lib/sanitize";
