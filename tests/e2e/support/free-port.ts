import net from "node:net";

/**
 * A port the OS just handed out (an ephemeral one, so parallel workers do not race for the same
 * few numbers as they did when this scanned 4340 upwards: both saw 4340 free, one lost the bind).
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
