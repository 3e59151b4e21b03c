import { Link } from "react-router";

export function PricingTeaser({ contactHref }: { contactHref: string }) {
  return (
    <section aria-labelledby="pricing-teaser-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="pricing-teaser-title" className="text-3xl font-bold tracking-tight text-ink">
            Simple plans that grow with your work
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Start on the free plan. Paid plans add storage and compute credits; Enterprise adds your own VPC, custom
            models and human support.
          </p>
        </div>
        <div className="flex flex-wrap gap-3 md:justify-end">
          <Link to="/pricing" className="btn-primary px-6 py-3 text-base">
            View Pricing Details
          </Link>
          <a href={contactHref} className="btn-secondary px-6 py-3 text-base" target="_blank" rel="noopener noreferrer">
            Contact Sales
          </a>
        </div>
      </div>
    </section>
  );
}
