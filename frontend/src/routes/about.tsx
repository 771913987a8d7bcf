import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../public/AboutPage';
import { contentQuery } from '../public/content';
import { pageHead } from '../public/page-head';

export const Route = createFileRoute('/about')({
  head: pageHead(
    'About Us',
    'Who we are: an Alaska team installing security cameras and Starlink satellite internet and building websites for homes and businesses.',
  ),
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: AboutPage,
});
