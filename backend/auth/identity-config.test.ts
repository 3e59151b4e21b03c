import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";

const firebase = {
  IDENTITY_PROVIDER: "firebase",
  FIREBASE_PROJECT_ID: "my-project",
  FIREBASE_API_KEY: "key",
  FIREBASE_AUTH_DOMAIN: "my-project.firebaseapp.com",
  FIREBASE_SERVICE_ACCOUNT: "/etc/secrets/sa.json",
};

describe("identity config", () => {
  it("defaults to the built-in provider, which needs no Firebase variable", () => {
    expect(loadConfig({}).IDENTITY_PROVIDER).toBe("builtin");
  });

  it("accepts a complete Firebase configuration", () => {
    expect(loadConfig(firebase)).toMatchObject({ IDENTITY_PROVIDER: "firebase", FIREBASE_PROJECT_ID: "my-project" });
  });

  it.each(["FIREBASE_PROJECT_ID", "FIREBASE_API_KEY", "FIREBASE_AUTH_DOMAIN", "FIREBASE_SERVICE_ACCOUNT"])(
    "names %s when it is missing with IDENTITY_PROVIDER=firebase",
    (name) => {
      expect(() => loadConfig({ ...firebase, [name]: "" })).toThrow(new RegExp(`${name}: is required`));
    },
  );

  it("needs no service account with the emulator, and wants host:port for it", () => {
    const emulated = { ...firebase, FIREBASE_SERVICE_ACCOUNT: "", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(loadConfig(emulated).FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
    expect(() => loadConfig({ ...emulated, FIREBASE_AUTH_EMULATOR_HOST: "http://127.0.0.1:9099" })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST: must be host:port/,
    );
  });

  it("refuses an unknown provider by name", () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: "auth0" })).toThrow(/IDENTITY_PROVIDER/);
  });
});
