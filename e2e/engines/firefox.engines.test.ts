import { journeysIn } from "./run-journeys";

// Firefox ESR.
journeysIn("firefox");
