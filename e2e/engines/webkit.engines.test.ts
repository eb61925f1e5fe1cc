import { journeysIn } from "./run-journeys";

// Safari's engine: WebKitGTK's MiniBrowser, as iPhone listeners meet the site.
journeysIn("webkit");
