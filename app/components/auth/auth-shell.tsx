import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "../layout/logo.tsx";
import { Card, CardPage } from "../ui/card.tsx";

/** The logo and the product's name; `compact` shows the name from the sm breakpoint up. */
export function ProductMark({ productName, compact = false }: { productName: string; compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap font-semibold text-slate-900">
      <LogoMark className="size-8" />
      <span className={compact ? "hidden sm:inline" : undefined}>{productName}</span>
    </span>
  );
}

/** The card every signed-out screen sits in: product mark, title, optional subtitle. */
export function AuthShell({
  productName,
  title,
  subtitle,
  children,
  footer,
}: {
  productName: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <CardPage>
      <div className="mb-6 flex justify-center">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <ProductMark productName={productName} />
        </Link>
      </div>
      <Card className="px-6 py-8 sm:px-8">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </CardPage>
  );
}
