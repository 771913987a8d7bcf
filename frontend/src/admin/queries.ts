import type { TConsultation } from '@app/contracts/api/consultations';
import type { TSettings } from '@app/contracts/api/settings';
import { queryOptions } from '@tanstack/react-query';

export const settingsQuery = queryOptions<TSettings>({ queryKey: ['/api/settings'] });
export const consultationsQuery = queryOptions<TConsultation[]>({ queryKey: ['/api/consultations'] });
