// Tailwind 4 reads its configuration from CSS (client/src/index.css, `@theme`); this file keeps
// the design card's top level and is loaded there with `@config` for the content paths.
import type { Config } from "tailwindcss";

export default {
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}"],
} satisfies Config;
