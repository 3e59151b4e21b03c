import { describe, expect, it } from "vitest";
import type { SessionUser } from "../auth/identity-provider.ts";
import type { Actor } from "../platform/http/context.ts";
import { authorize, workspaceAbilities } from "./policy.ts";

const actor = (id: string, role: "user" | "admin" = "user"): Actor => ({
  token: "t",
  user: {
    id,
    email: `${id}@example.com`,
    name: "",
    emailVerified: true,
    createdAt: new Date(),
    lastSignInAt: null,
    role,
    providerIds: ["password"],
  } as SessionUser,
});
const priv = { owner_id: "owner", is_public: 0 };
const pub = { owner_id: "owner", is_public: 1 };

describe("workspaceAbilities", () => {
  it.each([
    ["the owner", actor("owner"), priv, { read: true, write: true, bookmark: false, annotate: true }],
    ["the owner", actor("owner"), pub, { read: true, write: true, bookmark: false, annotate: true }],
    ["another user", actor("other"), priv, { read: false, write: false, bookmark: false, annotate: false }],
    ["another user", actor("other"), pub, { read: true, write: false, bookmark: true, annotate: true }],
    ["an admin", actor("root", "admin"), priv, { read: false, write: false, bookmark: false, annotate: false }],
    ["an admin", actor("root", "admin"), pub, { read: true, write: false, bookmark: true, annotate: true }],
    ["anonymous", null, priv, { read: false, write: false, bookmark: false, annotate: false }],
    ["anonymous", null, pub, { read: true, write: false, bookmark: false, annotate: false }],
  ])("%s, is_public=%#", (_who, a, ws, can) => {
    expect(workspaceAbilities(a, ws)).toEqual(can);
  });

  it("makes a snapshot's workspace readable by anyone and changeable by nobody, its publisher included", () => {
    const snap = { owner_id: "owner", is_public: 0, snapshot_id: "s1" };
    for (const a of [null, actor("owner"), actor("other"), actor("root", "admin")])
      expect(workspaceAbilities(a, snap)).toEqual({ read: true, write: false, bookmark: false, annotate: false });
    expect(() => authorize(actor("owner"), snap, "write")).toThrow(
      expect.objectContaining({
        status: 403,
        code: "forbidden",
        message: expect.stringContaining("published snapshot"),
      }),
    );
  });
});

describe("authorize", () => {
  it("hides a private workspace (404) from everyone but its owner, admins included", () => {
    for (const a of [null, actor("other"), actor("root", "admin")]) {
      for (const ability of ["read", "write", "bookmark"] as const) {
        expect(() => authorize(a, priv, ability)).toThrow(
          expect.objectContaining({ status: 404, message: "Workspace not found." }),
        );
      }
    }
  });

  it("answers 403 for what a reader of a public workspace may not do", () => {
    expect(() => authorize(actor("other"), pub, "write")).toThrow(
      expect.objectContaining({ status: 403, message: "Only the workspace owner can do this." }),
    );
    expect(() => authorize(actor("owner"), pub, "bookmark")).toThrow(
      expect.objectContaining({ status: 403, message: "You can only bookmark public workspaces you don't own." }),
    );
    expect(() => authorize(null, pub, "bookmark")).toThrow(expect.objectContaining({ status: 403 }));
  });

  it("lets the allowed through", () => {
    expect(() => authorize(actor("owner"), priv, "write")).not.toThrow();
    expect(() => authorize(null, pub, "read")).not.toThrow();
    expect(() => authorize(actor("other"), pub, "bookmark")).not.toThrow();
  });
});
