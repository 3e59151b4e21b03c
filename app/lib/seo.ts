/** Title, description and Open Graph tags for a public page. */
export function pageMeta(o: { title: string; description: string; productName?: string; image?: string }) {
  const title = o.productName ? `${o.title} | ${o.productName}` : o.title;
  return [
    { title },
    { name: "description", content: o.description },
    { property: "og:title", content: title },
    { property: "og:description", content: o.description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: o.image ?? "/media/og-card.webp" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The product name from the root loader's data inside a meta() function. */
export function productNameFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { env?: { productName?: string } } | undefined;
  return root?.env?.productName;
}
