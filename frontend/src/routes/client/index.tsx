import { createFileRoute } from '@tanstack/react-router';
import { clientRoute } from '../../auth/guards';
import { ClientHome } from '../../portal/ClientHome';
import { contentQuery } from '../../public/content';

export const Route = createFileRoute('/client/')({
  beforeLoad: ({ context }) => clientRoute(context.queryClient),
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQuery),
  component: ClientHome,
});
