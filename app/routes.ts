import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("login", "routes/login.tsx", { id: "login" }),
  route("signup", "routes/login.tsx", { id: "signup" }),
  route("signout", "routes/signout.tsx"),
  route("usermgmt", "routes/usermgmt.tsx"),
  route("home", "routes/workspaces.tsx", { id: "home" }),
  route("workspaces", "routes/workspaces.tsx", { id: "workspaces" }),
  route("workspace/:id", "routes/workspace.tsx", [
    index("routes/workspace-index.tsx"),
    route("thread/:tid", "routes/workspace-thread.tsx"),
  ]),
  route("library", "routes/library.tsx"),
  route("resources/workspaces/:id/uploads", "routes/resources.workspace-uploads.ts"),
  route("resources/workspaces/:id/files-zip", "routes/resources.workspace-zip.ts"),
  route("resources/workspaces/:id/files/:fid/download", "routes/resources.workspace-file-download.ts"),
  route("resources/library/upload", "routes/resources.library-upload.ts"),
  route("resources/library/files/:fid/download", "routes/resources.library-file-download.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin-index.tsx"),
    route("signup-codes", "routes/admin-signup-codes.tsx"),
    route("users", "routes/admin-users.tsx"),
    route("settings", "routes/admin-settings.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
