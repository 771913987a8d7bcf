import { useQuery } from '@tanstack/react-query';
import { userQuery } from './session';

export const useSessionUser = () => useQuery(userQuery).data ?? null;
