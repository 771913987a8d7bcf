import type { TAccepted } from '@app/contracts/api/accepted';
import type { TAcceptQuoteBody, TDeclineQuoteBody, TEstimate } from '@app/contracts/api/estimates';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';

/**
 * The client's calls for their quotes (issue 14, item 5). Every estimates read starts with ESTIMATES_KEY, so one
 * invalidation refreshes the list and an opened quote alike (the admin screens use the same key for theirs).
 */
export const ESTIMATES_KEY = '/api/estimates';
/** The client's projects: accepting a quote may make one. */
const CLIENT_PROJECTS_KEY = '/api/projects/client';

/** GET /api/estimates: for a client, their own sent, accepted and declined quotes (null: the session is gone). */
export const clientQuotesQuery = queryOptions<TEstimate[] | null>({ queryKey: [ESTIMATES_KEY] });

/**
 * GET /api/estimates/{id}: one quote (another client's, or a draft, reads as not found). As the default loader,
 * a lost session reads as null (the session-lost toast comes from the list's read).
 */
export const quoteQuery = (id: number) =>
  queryOptions({
    queryKey: [ESTIMATES_KEY, id],
    queryFn: async (): Promise<TEstimate | null> => {
      try {
        return await apiRequest<TEstimate>('GET', `${ESTIMATES_KEY}/${id}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

/** GET /api/estimates/{id}/pdf: the quote as a PDF (the owning client or staff). */
export const quotePdfUrl = (id: number) => `${ESTIMATES_KEY}/${id}/pdf`;

/**
 * POST /api/estimates/{id}/accept with the typed name and the drawn signature; answers the accepted quote (or
 * the 202 of one not yet shown). Sent again when the answer is lost or the server is briefly unavailable
 * (`createRecord`): the server accepts a quote once, so a repeat that follows a stored acceptance is refused
 * (409) and the quote, read again, shows it accepted, with its one project.
 */
export const acceptQuote = (id: number, body: TAcceptQuoteBody) =>
  createRecord<TEstimate>(`${ESTIMATES_KEY}/${id}/accept`, body);

/** POST /api/estimates/{id}/decline with the client's reason. */
export const declineQuote = (id: number, body: TDeclineQuoteBody) =>
  apiRequest<TEstimate | TAccepted>('POST', `${ESTIMATES_KEY}/${id}/decline`, body);

/**
 * After an answer (or a refusal: the quote may have expired or been answered elsewhere meanwhile) the quote,
 * the list and the client's projects are read again; a quote the answer carried shows at once.
 */
function refreshQuotes(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  answer?: TEstimate | TAccepted,
) {
  if (answer && !isAccepted(answer)) queryClient.setQueryData(quoteQuery(id).queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: [ESTIMATES_KEY] });
  void queryClient.invalidateQueries({ queryKey: [CLIENT_PROJECTS_KEY] });
}

/** A refusal that a fresh read explains (409: no longer open; 404: gone). */
const stale = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * Accepting; toasts 'Quote accepted' (saying the project was made when the quote had none) / 'Failed to
 * accept quote' with the server's reason.
 */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TAcceptQuoteBody; hadProject: boolean }) =>
      acceptQuote(id, body),
    onSuccess: (answer, { id, hadProject }) => {
      refreshQuotes(queryClient, id, answer);
      toast({
        title: 'Quote accepted',
        description: hadProject
          ? 'Thank you! We will be in touch.'
          : 'Thank you! Your project has been created.',
      });
    },
    onError: (error, { id }) => {
      callFailure(error, 'Failed to accept quote');
      if (stale(error)) refreshQuotes(queryClient, id);
    },
  });
}

/** Declining; toasts 'Quote declined' / 'Failed to decline quote' with the server's reason. */
export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TDeclineQuoteBody }) => declineQuote(id, body),
    onSuccess: (answer, { id }) => {
      refreshQuotes(queryClient, id, answer);
      toast({ title: 'Quote declined', description: 'Thank you for letting us know.' });
    },
    onError: (error, { id }) => {
      callFailure(error, 'Failed to decline quote');
      if (stale(error)) refreshQuotes(queryClient, id);
    },
  });
}
