// The composition root: the only file that joins the core (src/) with the product's plugins and variants.
// The core never imports plugins/; it receives the catalogue here.
import { startDialer } from "./src/main";
import { catalogue } from "./plugins/catalogue";
import { variants } from "./variants";

startDialer({ catalogue, variants });
