import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '../features/consultations/public/SchedulePage';
import { contentQuery } from '../public/content';

export const Route = createFileRoute('/schedule')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: SchedulePage,
});
