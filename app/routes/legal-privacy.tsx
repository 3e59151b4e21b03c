import { Link, useRouteLoaderData } from "react-router";
import { LegalPage } from "../components/marketing/legal-page.tsx";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/legal-privacy";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    productName: productNameFrom(matches),
    description: "What data the service collects, why, and your choices.",
  });
}

export default function Privacy() {
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  const product = env?.productName ?? "the product";
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what {product} collects, how it is used and the choices you have. The Service is intended
        for users aged 18 or older in the United States.
      </p>
      <h2>1. What we collect</h2>
      <ul>
        <li>Account data: your email address, display name and sign-in method.</li>
        <li>Content: the files you upload, the questions you ask and the answers produced.</li>
        <li>
          Billing data: plan and payment status. Card details are handled by our payment provider and never stored by
          us.
        </li>
        <li>Usage data: pages visited and features used, to run and improve the Service.</li>
      </ul>
      <h2>2. How we use it</h2>
      <p>
        To provide the Service, answer your questions over your documents, bill subscriptions, keep accounts secure and
        respond to support requests. We do not sell your personal information.
      </p>
      <h2>3. AI processing</h2>
      <p>
        Your documents and questions are sent to the AI models that generate answers only to produce those answers. Your
        content is not used to train models.
      </p>
      <h2>4. Sharing</h2>
      <p>
        Content you keep private stays private. Content you publish with a share link is visible to anyone who has the
        link, and discoverable content may be listed publicly until you delete it.
      </p>
      <h2>5. Retention and deletion</h2>
      <p>
        We keep your data while your account is active. You can delete files and published links at any time and request
        deletion of your account; we then delete your data except where the law requires us to keep it.
      </p>
      <h2>6. Security</h2>
      <p>
        Data is encrypted in transit, access is limited to the people who operate the Service, and sessions are
        protected with HTTP-only cookies.
      </p>
      <h2>7. Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${env?.supportEmail}`}>{env?.supportEmail}</a>. See also the{" "}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
