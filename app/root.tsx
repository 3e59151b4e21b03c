import "./lib/zod-jitless.ts";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { ErrorPage } from "./components/layout/error-page.tsx";
import { LazyToaster } from "./components/ui/lazy-toaster.tsx";
import { usePageViews, usePreloadErrorReload } from "./lib/global-effects.ts";
import { GlobalLoadingOverlay, LoadingProvider } from "./lib/loading.tsx";
import { useNonce } from "./lib/nonce.ts";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import appCss from "./app.css?url";

export async function loader({ context }: LoaderFunctionArgs) {
  return { env: context.publicEnv };
}

export function links() {
  return [
    // With a precedence, React puts the stylesheet ahead of the scripts' modulepreloads in <head>, so
    // first paint waits on one CSS file rather than behind a dozen script fetches.
    { rel: "stylesheet", href: appCss, precedence: "default" },
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    // Inter ships with the app (@fontsource-variable/inter); the Latin subset is on every page.
    { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    // The inline script marks JavaScript as on before first paint (the demo prompt types itself
    // only then); the class differs from the server's, hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-screen bg-white font-sans">
        {children}
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  usePageViews(data?.env.analyticsEndpoint ?? null);
  usePreloadErrorReload();
  return (
    <LoadingProvider>
      <Outlet />
      <GlobalLoadingOverlay />
    </LoadingProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const supportEmail = data?.env.supportEmail ?? "support@example.com";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return (
      <ErrorPage
        title="Page Not Found"
        message="The page you're looking for doesn't exist or has been moved."
        supportEmail={supportEmail}
        retry={false}
      />
    );
  }
  const message =
    isRouteErrorResponse(error) && error.statusText
      ? error.statusText
      : "Something went wrong while loading this page. Please try again.";
  return (
    <>
      <title>{`Error ${status}`}</title>
      <ErrorPage title="Something went wrong" message={message} supportEmail={supportEmail} />
    </>
  );
}
