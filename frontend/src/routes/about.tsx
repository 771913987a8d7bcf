import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../public/AboutPage';
import { contentQuery } from '../public/content';

export const Route = createFileRoute('/about')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: AboutPage,
});
