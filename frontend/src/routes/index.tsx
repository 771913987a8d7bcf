import { createFileRoute } from '@tanstack/react-router';

// The public site arrives with the web shell issue; until then the root shows who we are.
export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold text-slate-900">Northern Guard Security &amp; Satellite</h1>
      <p className="mt-4 text-slate-700">
        Security cameras, Starlink satellite internet and custom websites for homes and businesses across
        Alaska.
      </p>
    </main>
  );
}
