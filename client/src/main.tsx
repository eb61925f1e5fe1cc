import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";

function Placeholder() {
  return (
    <main className="min-h-screen grid place-items-center p-8">
      <h1 className="text-2xl font-semibold">The podcast site is starting up.</h1>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
