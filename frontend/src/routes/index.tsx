import { createFileRoute } from '@tanstack/react-router';
import { contentQuery } from '../public/content';
import { HomePage } from '../public/HomePage';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: HomePage,
});
