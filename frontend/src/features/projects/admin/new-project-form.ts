import {
  type TCreateProjectBody,
  type TProjectStatus,
  type TProjectType,
  ZCreateProjectBody,
} from '@app/contracts/api/projects';
import { type FieldErrors, firstMessagePerField } from '../../../lib/field-errors';

/** The New Project form as typed. */
export type NewProjectDraft = {
  clientId: string;
  title: string;
  type: TProjectType | '';
  description: string;
  status: TProjectStatus;
  jobStartDate: string;
  jobEndDate: string;
};

export const EMPTY_NEW_PROJECT: NewProjectDraft = {
  clientId: '',
  title: '',
  type: '',
  description: '',
  status: 'pending',
  jobStartDate: '',
  jobEndDate: '',
};

/** The body of POST /api/projects, or the contract's first complaint and each refused field's message. */
export function newProjectBody(
  draft: NewProjectDraft,
):
  | { ok: true; body: TCreateProjectBody }
  | { ok: false; problem: string; errors: FieldErrors<keyof NewProjectDraft> } {
  const body: TCreateProjectBody = {
    clientId: draft.clientId === '' ? 0 : Number(draft.clientId),
    title: draft.title,
    type: draft.type as TProjectType,
    description: draft.description,
    status: draft.status,
    jobStartDate: draft.jobStartDate || null,
    jobEndDate: draft.jobEndDate || null,
  };
  const parsed = ZCreateProjectBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  return {
    ok: false,
    problem: parsed.error.issues[0]!.message,
    errors: firstMessagePerField(parsed.error.issues),
  };
}
