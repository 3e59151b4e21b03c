/** The public site's main links, shown by the header on wide screens and by the mobile menu. */
export const NAV_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/use-cases", label: "Use Cases" },
  { to: "/pricing", label: "Pricing" },
];
