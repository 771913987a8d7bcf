import { createFileRoute } from '@tanstack/react-router';
import { contentQuery } from '../public/content';
import { HomePage } from '../public/HomePage';
import { pageHead } from '../public/page-head';

export const Route = createFileRoute('/')({
  head: pageHead(
    null,
    'Security cameras, Starlink satellite internet and websites for homes and businesses across Alaska: installed, supported and explained by a local team.',
  ),
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: HomePage,
});
