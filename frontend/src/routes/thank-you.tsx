import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { contentQuery } from '../public/content';
import { PublicLayout } from '../public/PublicLayout';

const REDIRECT_AFTER_MS = 5000;

export const Route = createFileRoute('/thank-you')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: ThankYou,
});

function ThankYou() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate({ to: '/' }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Thank you!</h1>
        <p className="mt-4 text-lg text-slate-700">
          Your consultation request has been received. We'll contact you within 24 hours to confirm your
          consultation.
        </p>
        <p className="mt-6 text-sm text-slate-700">
          Returning to the home page in 5 seconds.{' '}
          <Link to="/" className="text-blue-800 underline">
            Go now
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
