import { createFileRoute } from '@tanstack/react-router';
import { contentQuery } from '../public/content';
import { SchedulePage } from '../public/SchedulePage';

export const Route = createFileRoute('/schedule')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: SchedulePage,
});
