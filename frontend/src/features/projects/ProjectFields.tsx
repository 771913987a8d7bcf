import { PROJECT_STATUSES, PROJECT_TYPES, type TProject } from '@app/contracts/api/projects';
import type { ReactNode } from 'react';
import { formatDay } from '../../lib/format';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { statusLabel, typeLabel } from './labels';
import { ProgressBar } from './ProgressBar';
import type { ProjectDraft } from './project-draft';
import { StatusBadge } from './StatusBadge';

export const TYPE_OPTIONS = PROJECT_TYPES.map((type) => ({ value: type, label: typeLabel(type) }));
export const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

export type DraftChange = <K extends keyof ProjectDraft>(field: K, value: ProjectDraft[K]) => void;

export function Detail({
  term,
  children,
  className,
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-slate-700 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

type JobDates = { jobStartDate: string; jobEndDate: string };

/** The job's start and end dates; the end cannot be picked before the start. */
export function JobDateFields({
  dates,
  onChange,
}: {
  dates: JobDates;
  onChange: (field: keyof JobDates, value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Job Start Date"
        name="jobStartDate"
        type="date"
        value={dates.jobStartDate}
        onChange={(event) => onChange('jobStartDate', event.target.value)}
      />
      <TextField
        label="Job End Date"
        name="jobEndDate"
        type="date"
        min={dates.jobStartDate || undefined}
        value={dates.jobEndDate}
        onChange={(event) => onChange('jobEndDate', event.target.value)}
      />
    </>
  );
}

/** Title, type and the two job dates: inputs for staff, text for everyone else. */
export function ProjectDetailsFields({
  project,
  draft,
  onChange,
  withDescription = false,
}: {
  project: TProject;
  draft: ProjectDraft;
  onChange?: DraftChange;
  withDescription?: boolean;
}) {
  if (!onChange)
    return (
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Detail term="Client">{project.clientName}</Detail>
        <Detail term="Project Title">{project.title}</Detail>
        <Detail term="Project Type">{typeLabel(project.type)}</Detail>
        <Detail term="Job Start Date">{formatDay(project.jobStartDate)}</Detail>
        <Detail term="Job End Date">{formatDay(project.jobEndDate)}</Detail>
        {withDescription && project.description && (
          <Detail term="Description" className="sm:col-span-2">
            <span className="whitespace-pre-line">{project.description}</span>
          </Detail>
        )}
      </dl>
    );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <dl className="sm:col-span-2">
        <Detail term="Client">{project.clientName}</Detail>
      </dl>
      <div className="sm:col-span-2">
        <TextField
          label="Project Title"
          name="title"
          required
          maxLength={200}
          value={draft.title}
          onChange={(event) => onChange('title', event.target.value)}
        />
      </div>
      <SelectField
        label="Project Type"
        name="type"
        options={TYPE_OPTIONS}
        value={draft.type}
        onChange={(event) => onChange('type', event.target.value as ProjectDraft['type'])}
      />
      <div className="hidden sm:block" />
      <JobDateFields dates={draft} onChange={onChange} />
      {withDescription && (
        <div className="sm:col-span-2">
          <TextArea
            label="Description"
            name="description"
            maxLength={5000}
            value={draft.description}
            onChange={(event) => onChange('description', event.target.value)}
          />
        </div>
      )}
    </div>
  );
}

/** Status and progress: inputs for staff, a badge and a bar for everyone else. */
export function ProjectManagementFields({
  project,
  draft,
  onChange,
}: {
  project: TProject;
  draft: ProjectDraft;
  onChange?: DraftChange;
}) {
  if (!onChange)
    return (
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Detail term="Status">
          <StatusBadge status={project.status} />
        </Detail>
        <Detail term="Progress">
          <ProgressBar value={project.progress} />
        </Detail>
      </dl>
    );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        value={draft.status}
        onChange={(event) => onChange('status', event.target.value as ProjectDraft['status'])}
      />
      <TextField
        label="Progress (%)"
        name="progress"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={draft.progress}
        onChange={(event) => onChange('progress', event.target.value)}
      />
    </div>
  );
}
