import "normalize.css";
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { appRoutes } from "./app/routes";
import { createServices } from "./app/services";

const services = createServices({ storage: window.localStorage });
const router = createBrowserRouter(appRoutes());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
