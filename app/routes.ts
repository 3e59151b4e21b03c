import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { EXAMPLE_PODS } from "./lib/example-pods.ts";

/** Public pages share the marketing header and footer. */
const marketing = layout("routes/marketing-layout.tsx", [
  index("routes/landing.tsx"),
  route("frontpage", "routes/landing.tsx", { id: "frontpage" }),
  route("features", "routes/marketing-features.tsx"),
  route("use-cases", "routes/marketing-use-cases.tsx"),
  route("pricing", "routes/marketing-pricing.tsx"),
  route("about", "routes/marketing-about.tsx"),
  route("privacy", "routes/legal-privacy.tsx"),
  route("terms", "routes/legal-terms.tsx"),
  route("all-published-pods", "routes/marketing-published-pods.tsx"),
  route("debuginfo", "routes/marketing-debuginfo.tsx"),
  route("support", "routes/redirect-support.tsx"),
  route("blog/*", "routes/marketing-blog.tsx"),
  route("blog", "routes/marketing-blog.tsx", { id: "blog-index" }),
]);

const redirects = [
  ...["spotlight-pods", "privacy_policy.html", "terms_of_service.html", "analyst"].map((path) =>
    route(path, "routes/redirect-static.ts", { id: `redirect-${path}` }),
  ),
  route("pod/:workspaceId", "routes/redirect-pod.ts", { id: "redirect-pod" }),
  route("pod/:workspaceId/thread/:threadId", "routes/redirect-pod.ts", { id: "redirect-pod-thread" }),
  route("workspace/:workspaceId/canvas", "routes/redirect-canvas.ts", { id: "redirect-canvas" }),
  route("workspace/:workspaceId/thread/:threadId/canvas", "routes/redirect-canvas.ts", {
    id: "redirect-thread-canvas",
  }),
];

/** The settings area: one shell, four tabs; /settings is the Subscription tab. */
const settings = layout("routes/settings-layout.tsx", [
  route("settings", "routes/settings-subscription.tsx", { id: "settings-settings" }),
  route("subscription", "routes/settings-subscription.tsx", { id: "settings-subscription" }),
  route("usage", "routes/settings-usage.tsx"),
  route("account", "routes/settings-account.tsx"),
  route("published", "routes/settings-published.tsx"),
]);

export default [
  marketing,
  ...redirects,
  settings,
  route("return", "routes/checkout-return.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("login", "routes/login.tsx", { id: "login" }),
  route("signup", "routes/login.tsx", { id: "signup" }),
  route("signout", "routes/signout.tsx"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/google/complete", "routes/auth-google-complete.ts"),
  route("resources/signup-code/check", "routes/resources.signup-code-check.ts"),
  route("usermgmt", "routes/usermgmt.tsx"),
  route("home", "routes/workspaces.tsx", { id: "home" }),
  route("workspaces", "routes/workspaces.tsx", { id: "workspaces" }),
  route("workspace/:id", "routes/workspace.tsx", [
    index("routes/workspace-index.tsx"),
    route("thread/:tid", "routes/workspace-thread.tsx"),
  ]),
  route("share/:snapshotId", "routes/share.tsx", [
    index("routes/share-index.tsx"),
    route("thread/:threadId", "routes/share-thread.tsx"),
  ]),
  // The example pods, /{slug} and /{slug}/thread/{threadId}: their snapshot in snapshot mode.
  ...EXAMPLE_PODS.map((p) =>
    route(p.slug, "routes/example.tsx", { id: `example-${p.slug}` }, [
      index("routes/example-index.tsx", { id: `example-${p.slug}-index` }),
      route("thread/:threadId", "routes/example-thread.tsx", { id: `example-${p.slug}-thread` }),
    ]),
  ),
  route("library", "routes/library.tsx"),
  route("search", "routes/search.tsx"),
  route("bookmarks", "routes/bookmarks.tsx"),
  route("resources/workspaces/:id/uploads", "routes/resources.workspace-uploads.ts"),
  route("resources/workspaces/:id/files-zip", "routes/resources.workspace-zip.ts"),
  route("resources/workspaces/:id/edgar", "routes/resources.workspace-edgar.ts"),
  route("resources/workspaces/:id/imports/:source", "routes/resources.workspace-imports.ts"),
  route("resources/workspaces/:id/indexing", "routes/resources.workspace-indexing.ts"),
  route("resources/workspaces/:id/suggested-prompts", "routes/resources.workspace-suggested-prompts.ts"),
  route("resources/prompts", "routes/resources.prompts.ts"),
  route("resources/workspaces/:id/files/:fid/download", "routes/resources.workspace-file-download.ts"),
  route("resources/workspaces/:id/threads/:tid/ask", "routes/resources.thread-ask.ts"),
  route("resources/workspaces/:id/threads/:tid/cancel", "routes/resources.thread-cancel.ts"),
  route("resources/workspaces/:id/threads/:tid/messages/:mid/follow", "routes/resources.answer-follow.ts"),
  route("resources/workspaces/:id/threads/:tid/messages/:mid/regenerate", "routes/resources.answer-regenerate.ts"),
  route(
    "resources/workspaces/:id/threads/:tid/messages/:mid/confirmations/:cid",
    "routes/resources.answer-confirmation.ts",
  ),
  route("resources/workspaces/:id/files/:fid/versions", "routes/resources.file-versions.ts"),
  route("resources/workspaces/:id/files/:fid/versions/:vid/pages/:page", "routes/resources.file-page.ts"),
  route("resources/workspaces/:id/files/:fid/versions/:vid/content", "routes/resources.file-content.ts"),
  route("resources/workspaces/:id/threads/:tid/files", "routes/resources.thread-files.ts"),
  route("resources/workspaces/:id/threads/:tid/files/:vid/addon", "routes/resources.thread-file-addon.ts"),
  route("resources/workspaces/:id/threads/:tid/files/:vid/download", "routes/resources.thread-file-download.ts"),
  route("resources/workspaces/:id/threads/:tid/file-diff/:fid", "routes/resources.thread-file-diff.ts"),
  route("resources/table-export", "routes/resources.table-export.ts"),
  route("resources/billing/checkout", "routes/resources.billing-checkout.ts"),
  route("resources/billing/checkout-sessions/:id", "routes/resources.billing-checkout-session.ts"),
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
