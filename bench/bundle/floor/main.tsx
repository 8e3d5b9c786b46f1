// The bundle floor: React and react-dom rendering one element. bench/bundle/run.ts builds it with the app's settings.
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(<h1>hello</h1>);
