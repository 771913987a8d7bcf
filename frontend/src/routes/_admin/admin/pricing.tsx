import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../../../features/estimates/admin/PricingPage';
import { settingsQuery } from '../../../features/settings/settings-query';

export const Route = createFileRoute('/_admin/admin/pricing')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(settingsQuery),
  component: PricingPage,
});
