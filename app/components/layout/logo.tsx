import { Link } from "react-router";

export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="7" fill="#2452d9" />
      <path d="M8 22V10h4v12zM14 22V14h4v8zM20 22v-5h4v5z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = "/", name, className = "" }: { to?: string; name: string; className?: string }) {
  return (
    <Link to={to} className={`flex items-center gap-2 font-semibold tracking-tight text-ink ${className}`}>
      <LogoMark />
      <span>{name}</span>
    </Link>
  );
}
