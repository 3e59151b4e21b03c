import { data } from "react-router";
import { NotFoundView } from "../components/ui/not-found-view.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundView />;
}
