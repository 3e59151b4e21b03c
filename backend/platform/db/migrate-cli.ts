import { loadConfig } from "../../config.ts";
import { loadDotEnv } from "../config.ts";
import { createDb } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";

loadDotEnv();
const config = loadConfig();
const db = createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : `Database (${db.dialect}) is up to date.`);
} finally {
  await db.close();
}
