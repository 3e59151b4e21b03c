import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const signupCodeStatus = z.enum(["Active", "Used", "Inactive"]);

export const signupCode = z.object({
  code: z.string(),
  id: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  isActive: z.boolean(),
  usedBy: z.string().nullable(),
  /** The email the code was used with, for people to read (usedBy is the account's uid). */
  usedByEmail: z.string().nullable(),
  usedAt: z.string().nullable(),
  status: signupCodeStatus,
});
export type SignupCode = z.infer<typeof signupCode>;

const codeParam = z.object({ code: z.string().min(1).max(128) });

export const createSignupCode = endpoint({
  method: "post",
  path: "/admin/signup-codes",
  summary: "Create a single-use signup code",
  tag: "admin",
  auth: "admin",
  body: z.object({ description: z.string().trim().max(500, "Description must be at most 500 characters").optional() }),
  response: signupCode,
  status: 201,
});

export const listSignupCodes = endpoint({
  method: "get",
  path: "/admin/signup-codes",
  summary: "Every signup code, newest first",
  tag: "admin",
  auth: "admin",
  response: z.object({ codes: z.array(signupCode) }),
  status: 200,
});

export const deactivateSignupCode = endpoint({
  method: "post",
  path: "/admin/signup-codes/{code}/deactivate",
  summary: "Deactivate an active, unused code (permanent)",
  tag: "admin",
  auth: "admin",
  params: codeParam,
  response: signupCode,
  status: 200,
});

export const checkAdminRole = endpoint({
  method: "get",
  path: "/admin/check",
  summary: "Whether the caller is an admin",
  tag: "admin",
  auth: "optional",
  response: z.object({ isAdmin: z.boolean() }),
  status: 200,
});
