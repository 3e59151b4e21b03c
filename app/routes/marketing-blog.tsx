import { Link } from "react-router";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { Route } from "./+types/marketing-blog";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Blog", productName: productNameFrom(matches), description: "Product news and write-ups." });
}

/** /blog and everything under it is public; posts are not part of this product yet. */
export default function Blog() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-ink">Blog</h1>
      <p className="mt-4 text-lg text-slate-600">No posts have been published yet.</p>
      <Link to="/" className="btn-secondary mt-8">
        Back to the homepage
      </Link>
    </div>
  );
}
