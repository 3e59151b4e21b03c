import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { isPostgres } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe(path.resolve("./data"));
    expect(path.isAbsolute(c.DATA_DIR)).toBe(true);
    expect(c.ROLES).toEqual(["web", "api", "worker"]);
    expect(c.REQUIRE_SIGNUP_CODE).toBe(false);
    expect(c.ADMIN_EMAILS).toEqual([]);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.googleEnabled).toBe(false);
    expect(c.LOG_LEVEL).toBe("info");
  });

  it("resolves a relative DATA_DIR", () => {
    expect(loadConfig({ DATA_DIR: "tmp/x" }).DATA_DIR).toBe(path.resolve("tmp/x"));
  });

  it.each(["abc", "0", "70000", "3000.5", "-1"])("refuses PORT=%s, naming PORT", (PORT) => {
    expect(() => loadConfig({ PORT })).toThrow(/PORT/);
  });

  it("reads TRUST_PROXY as a list of loopback, addresses and ranges, refusing anything else by name", () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY.*"true"/);
  });

  it("names every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
  });

  it("parses ROLES as a trimmed comma list", () => {
    expect(loadConfig({ ROLES: " web , api " }).ROLES).toEqual(["web", "api"]);
    expect(loadConfig({ ROLES: "worker" }).ROLES).toEqual(["worker"]);
  });

  it.each(["web,bogus", "", " , "])("refuses ROLES=%j", (ROLES) => {
    expect(() => loadConfig({ ROLES })).toThrow(/ROLES/);
  });

  it("parses booleans strictly", () => {
    expect(loadConfig({ REQUIRE_SIGNUP_CODE: "true" }).REQUIRE_SIGNUP_CODE).toBe(true);
    expect(loadConfig({ REQUIRE_SIGNUP_CODE: "1" }).REQUIRE_SIGNUP_CODE).toBe(true);
    expect(loadConfig({ REQUIRE_SIGNUP_CODE: "0" }).REQUIRE_SIGNUP_CODE).toBe(false);
    expect(() => loadConfig({ REQUIRE_SIGNUP_CODE: "yes" })).toThrow(/REQUIRE_SIGNUP_CODE/);
  });

  it("lower-cases and trims ADMIN_EMAILS", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Boss@Example.com,, other@x.io " }).ADMIN_EMAILS).toEqual([
      "boss@example.com",
      "other@x.io",
    ]);
  });

  it("accepts only sqlite and postgres database URLs", () => {
    expect(isPostgres(loadConfig({ DATABASE_URL: "postgres://u@h/db" }))).toBe(true);
    expect(isPostgres(loadConfig({ DATABASE_URL: "postgresql://u@h/db" }))).toBe(true);
    expect(isPostgres(loadConfig({ DATABASE_URL: "sqlite:./x.db" }))).toBe(false);
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: "mysql://u@h/db" })).toThrow(/DATABASE_URL/);
  });

  it("refuses a PUBLIC_URL that is not a URL", () => {
    expect(() => loadConfig({ PUBLIC_URL: "localhost" })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: "" }).PUBLIC_URL).toBeUndefined();
  });

  it("enables Google only with both id and secret", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id" }).googleEnabled).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).googleEnabled).toBe(true);
  });

  it("INGEST_STUCK_AFTER_MS: one minute by default, a number of at least 1000 ms", () => {
    expect(loadConfig({}).INGEST_STUCK_AFTER_MS).toBe(60_000);
    expect(loadConfig({ INGEST_STUCK_AFTER_MS: "5000" }).INGEST_STUCK_AFTER_MS).toBe(5000);
    for (const v of ["abc", "999", "-1"])
      expect(() => loadConfig({ INGEST_STUCK_AFTER_MS: v })).toThrow(/INGEST_STUCK_AFTER_MS/);
  });

  describe("language model settings", () => {
    it("default to none, with no models", () => {
      const c = loadConfig({});
      expect(c.LLM_PROVIDER).toBe("none");
      expect(c.LLM_MODEL).toEqual([]);
    });

    it("parse LLM_MODEL as a trimmed list without repeats, the first being the default", () => {
      const c = loadConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k", LLM_MODEL: " gpt-a , gpt-b,gpt-a " });
      expect(c.LLM_MODEL).toEqual(["gpt-a", "gpt-b"]);
    });

    it.each([
      [{ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k" }, /LLM_MODEL/],
      [{ LLM_PROVIDER: "openai", LLM_MODEL: "m" }, /OPENAI_API_KEY/],
      [{ LLM_PROVIDER: "anthropic", LLM_MODEL: "m" }, /ANTHROPIC_API_KEY/],
      [{ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m" }, /LLM_BASE_URL/],
      [
        { LLM_PROVIDER: "openai-compatible", LLM_MODEL: "m,search", LLM_BASE_URL: "http://x/v1" },
        /LLM_MODEL.*reserved/,
      ],
      [{ LLM_PROVIDER: "gemini" }, /LLM_PROVIDER/],
      [{ LLM_PRICE_INPUT_PER_MTOK: "cheap" }, /LLM_PRICE_INPUT_PER_MTOK/],
    ])("refuse %j, naming the variable", (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });
  });
});
