import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../../ui/NotFound';

// The page arrives with its own slice of work; until then the (guarded) address is not found.
export const Route = createFileRoute('/_admin/admin/pricing')({
  component: NotFound,
});
