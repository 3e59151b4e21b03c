import { Link, useRouteLoaderData } from "react-router";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/marketing-about";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "About Us",
    productName: productNameFrom(matches),
    description: "An open-source, self-hostable AI analyst workspace.",
  });
}

const FACTS = [
  {
    title: "Citations first",
    body: "An answer is only as good as its source. Every citation points at a page the model actually read.",
  },
  { title: "Open source", body: "The whole product is open source. Read the code, audit it and run it yourself." },
  {
    title: "Self-hostable",
    body: "One Node process with SQLite, or PostgreSQL and object storage at scale, inside your own network.",
  },
];

export default function About() {
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">About Us</h1>
      <p className="mt-6 text-lg leading-8 text-slate-600">
        {env?.productName} is an AI analyst workspace for people whose work lives in documents: analysts, lawyers,
        researchers and accountants. Put a data room into a Pod, ask questions, and get streamed answers that cite the
        exact pages, with models you can trace formula by formula and export to Excel.
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {FACTS.map((f) => (
          <li key={f.title} className="rounded-xl border border-slate-200 p-6">
            <h2 className="font-semibold text-ink">{f.title}</h2>
            <p className="mt-2 text-slate-600">{f.body}</p>
          </li>
        ))}
      </ul>
      <p id="contact" className="mt-12 text-slate-600">
        Write to us at{" "}
        <a className="font-medium text-brand-700 underline" href={`mailto:${env?.supportEmail}`}>
          {env?.supportEmail}
        </a>
        , or see{" "}
        <Link className="font-medium text-brand-700 underline" to="/pricing">
          pricing
        </Link>
        .
      </p>
    </div>
  );
}
