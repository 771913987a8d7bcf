import { createFileRoute } from '@tanstack/react-router';
import { contentQuery } from '../public/content';
import { PublicLayout } from '../public/PublicLayout';
import { pageHead } from '../public/page-head';

export const Route = createFileRoute('/products')({
  head: pageHead(
    'Products',
    'Products from Northern Guard Security & Satellite: cameras, Starlink kits and more, for homes and businesses in Alaska.',
  ),
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: () => (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Products</h1>
        <p className="mt-4 text-lg text-slate-700">Store will be Updated soon</p>
      </div>
    </PublicLayout>
  ),
});
