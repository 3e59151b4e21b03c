/**
 * The API in a process of its own (tests/helpers/api-process.ts starts it), for tests that kill
 * it mid-request. Configured from its environment like `npm start`; prints its port when ready.
 */
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { bootBackend } from "../../backend/boot.ts";
import { loadConfig } from "../../backend/config.ts";
import { createNodeServer } from "../../backend/platform/http/node-server.ts";

const backend = await bootBackend({ config: loadConfig(process.env) });
const server = createNodeServer(getRequestListener(backend.api.fetch));
server.listen(0, "127.0.0.1", () => console.log(`api ready on ${(server.address() as AddressInfo).port}`));
