import { createFileRoute } from '@tanstack/react-router';
import { EstimatePage } from '../../../../features/estimates/admin/EstimatePage';
import { estimateIdOf, estimateQuery } from '../../../../features/estimates/estimates-query';

export const Route = createFileRoute('/_admin/admin/estimate/$id')({
  // Starts the read; the page joins it (a missing estimate is the page's own 'Estimate Not Found').
  loader: ({ context, params }) => {
    const id = estimateIdOf(params.id);
    if (id !== null) void context.queryClient.prefetchQuery(estimateQuery(id));
  },
  component: function AdminEstimateRoute() {
    return <EstimatePage idParam={Route.useParams().id} />;
  },
});
