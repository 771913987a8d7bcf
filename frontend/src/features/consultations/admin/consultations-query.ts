import type { TConsultation } from '@app/contracts/api/consultations';
import { queryOptions } from '@tanstack/react-query';

export const consultationsQuery = queryOptions<TConsultation[]>({ queryKey: ['/api/consultations'] });
