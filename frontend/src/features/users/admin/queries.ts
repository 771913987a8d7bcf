import type { TUser, TUserKind } from '@app/contracts/api/users';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { listParams, usePagedList } from '../../../lib/paged-list';

export const USERS_KEY = '/api/users';

/** Renaming a client renames its portal account: whatever refreshes the clients refreshes the users too. */
const SUMMARISES_CLIENTS = { summarises: ['/api/clients'] };

/**
 * One kind of account (staff or clients), searched and paged on the server (`GET /api/users?kind=&q=`). Its
 * pages' keys start with '/api/users', so the users' live update and every user action refresh them; they
 * are also refreshed with the clients (the defaults of their keys carry the meta that says so).
 */
export function useUserPages(kind: TUserKind, q: string) {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryDefaults([USERS_KEY, 'pages'], { meta: SUMMARISES_CLIENTS }));
  return usePagedList<TUser>(USERS_KEY, listParams({ kind, q }));
}
