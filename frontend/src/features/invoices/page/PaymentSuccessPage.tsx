import { Link } from '@tanstack/react-router';

/** Where the card form returns after a payment (/payment-success?project={id}). */
export function PaymentSuccessPage({ projectId }: { projectId: number | null }) {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6 text-center">
      <div className="max-w-md rounded-lg border border-green-300 bg-white p-6">
        <h1 className="text-2xl font-semibold text-green-900">Payment Successful!</h1>
        <p className="mt-2 text-slate-700">
          Thank you for your payment. A confirmation e-mail will follow shortly.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {projectId !== null && (
            <Link
              to="/client/job/$id"
              params={{ id: String(projectId) }}
              className="font-medium text-blue-700 underline"
            >
              Back to your project
            </Link>
          )}
          <Link to="/client" className="font-medium text-blue-700 underline">
            Back to your portal
          </Link>
        </div>
      </div>
    </main>
  );
}
