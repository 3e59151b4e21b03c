import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("login", "routes/login.tsx", { id: "login" }),
  route("signup", "routes/login.tsx", { id: "signup" }),
  route("signout", "routes/signout.tsx"),
  route("usermgmt", "routes/usermgmt.tsx"),
  route("home", "routes/home.tsx"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin-index.tsx"),
    route("signup-codes", "routes/admin-signup-codes.tsx"),
    route("users", "routes/admin-users.tsx"),
    route("settings", "routes/admin-settings.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
