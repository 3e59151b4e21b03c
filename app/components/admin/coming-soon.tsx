import { Card } from "../ui/card.tsx";

export function ComingSoon({ title, message }: { title: string; message: string }) {
  return (
    <Card className="px-6 py-14 text-center">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
    </Card>
  );
}
