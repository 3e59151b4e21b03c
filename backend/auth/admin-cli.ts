/**
 * npm run admin -- grant <email>   make an existing user an admin
 * npm run admin -- revoke <email>  take the admin role away
 * npm run admin -- list            list admins
 */
import { bootBackend } from "../boot.ts";
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../platform/config.ts";
import { setAdminRole } from "./admin.ts";
import { listAdminEmails } from "./repo.ts";

export async function runAdminCli(argv: string[], config = loadConfig()): Promise<{ code: number; out: string }> {
  const [command, email] = argv;
  const backend = await bootBackend({ config: { ...config, LOG_LEVEL: "error" } });
  try {
    if ((command === "grant" || command === "revoke") && email) {
      const user = await setAdminRole(backend.deps, email, command === "grant");
      if (!user) return { code: 1, out: `No user with email ${email}. They must sign up first.` };
      return { code: 0, out: `${user.email} is ${user.role === "admin" ? "now an admin" : "no longer an admin"}.` };
    }
    if (command === "list") {
      const emails = await listAdminEmails(backend.deps.db.kysely);
      return { code: 0, out: emails.length ? emails.join("\n") : "No admins yet." };
    }
    return { code: 2, out: "Usage: npm run admin -- grant <email> | revoke <email> | list" };
  } finally {
    await backend.close();
  }
}

if (process.argv[1]?.endsWith("admin-cli.ts")) {
  loadDotEnv();
  const { code, out } = await runAdminCli(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(out);
  process.exit(code);
}
