// The composition root: the only file that joins the core (src/) with the product's plugins and variants.
// The core never imports plugins/; it receives the catalogue here.
import { startDialer } from "./src/main";
import { variants } from "./variants";

// The plugin list loads after sign-in: the sign-in page does not carry every plugin's chunk map.
startDialer({ catalogue: () => import("./plugins/catalogue").then((m) => m.catalogue), variants });
