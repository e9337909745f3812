import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LandingPage } from "../components/landing-page";
import "../styles.css";

// Signed-out visitors to / get this small entry (the server picks landing.html); links are full
// page loads into the app, which keeps the router, React Query and tRPC out of this download.
const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
