import { data } from "react-router";
import { NotFoundView } from "../components/layout/not-found-view.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [
    { name: "description", content: "The page you're looking for doesn't exist or has been moved." },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundView />;
}
