import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-8 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-blue-700 underline">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
