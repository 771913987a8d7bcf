import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '../features/consultations/public/SchedulePage';
import { contentQuery } from '../public/content';
import { pageHead } from '../public/page-head';

export const Route = createFileRoute('/schedule')({
  head: pageHead(
    'Schedule a Consultation',
    'Ask for a free consultation about security cameras, Starlink internet or a website: pick a day and time and we will confirm by e-mail.',
  ),
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: SchedulePage,
});
