// `npm run seed`: creates the demo call centre when the database is empty (DATA_DIR or DATABASE_URL).
import { readConfig } from "../config";
import { openDatabase } from "../db/client";
import { systemClock } from "../../src/shared/clock";
import { seedIfEmpty } from "./seed";

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedIfEmpty(database.db, systemClock(config.clockStart, config.clockStartAt));
console.log(seeded ? "Seeded the demo call centre." : "The database already holds data; nothing seeded.");
await database.close();
