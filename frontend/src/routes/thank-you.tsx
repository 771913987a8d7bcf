import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { contentQuery } from '../public/content';
import { PublicLayout } from '../public/PublicLayout';

const REDIRECT_AFTER_S = 5;

export const Route = createFileRoute('/thank-you')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: ThankYou,
});

function ThankYou() {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_AFTER_S);
  useEffect(() => {
    const tick = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (secondsLeft === 0) void navigate({ to: '/' });
  }, [secondsLeft, navigate]);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Thank you!</h1>
        <p className="mt-4 text-lg text-slate-700">
          Your consultation request has been received. We'll contact you within 24 hours to confirm your
          consultation.
        </p>
        <p className="mt-6 text-sm text-slate-700">
          <span role="timer" aria-live="off" data-testid="countdown">
            Returning to the home page in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
          </span>{' '}
          <Link to="/" className="text-blue-800 underline">
            Go now
          </Link>
        </p>
      </div>
    </PublicLayout>
  );
}
