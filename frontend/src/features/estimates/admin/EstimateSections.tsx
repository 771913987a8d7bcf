import type { TEstimate } from '@app/contracts/api/estimates';
import { ESTIMATE_STATUS_LABELS } from '@app/contracts/api/estimates';
import { type Pricing, propertyTypeLabel } from '@app/contracts/estimates/pricing';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDate, formatInstant } from '../../../lib/format';
import { TextArea, TextField } from '../../../ui/Field';
import type { EstimateDraft } from './estimate-draft';
import { ClientProjectFields, cameraTypeLabel, PropertyFields, TechnicalFields } from './QuoteFields';

/**
 * The estimate page's sections (spec part 2, section 2.6): Basic Information, Client & Project, Property
 * Details, Technical Configuration and Additional Information, as text, or as inputs while editing.
 */
export function EstimateSections({
  estimate,
  draft,
  onChange,
  pricing,
  automaticHours,
}: {
  estimate: TEstimate;
  /** The edit mode's draft; null shows the stored estimate. */
  draft: EstimateDraft | null;
  onChange: (draft: EstimateDraft) => void;
  pricing: Pricing;
  automaticHours: number;
}) {
  return (
    <div className="space-y-6">
      <Section title="Basic Information">
        {draft ? (
          <>
            <TextField
              label="Title"
              maxLength={200}
              value={draft.title}
              onChange={(event) => onChange({ ...draft, title: event.target.value })}
            />
            <TextField
              label="Job name"
              maxLength={200}
              value={draft.jobName}
              onChange={(event) => onChange({ ...draft, jobName: event.target.value })}
            />
          </>
        ) : (
          <Facts
            facts={[
              ['Title', estimate.title],
              ['Job name', estimate.jobName || 'Not set'],
              ['Quote number', estimate.quoteNumber],
              ['Status', ESTIMATE_STATUS_LABELS[estimate.status]],
              ['Created', formatInstant(estimate.createdAt)],
              ['Valid until', formatDate(estimate.validUntil)],
            ]}
          />
        )}
      </Section>

      <Section title="Client & Project">
        {draft ? (
          <ClientProjectFields draft={draft} onChange={onChange} />
        ) : (
          <Facts
            facts={[
              ['Client', estimate.clientName ?? 'No client'],
              [
                'Project',
                estimate.projectId ? (
                  <Link
                    key="project"
                    to="/admin/job/$id"
                    params={{ id: String(estimate.projectId) }}
                    className="font-medium text-blue-700 underline"
                  >
                    {estimate.projectTitle ?? `Project ${estimate.projectId}`}
                  </Link>
                ) : (
                  'No project'
                ),
              ],
            ]}
          />
        )}
      </Section>

      <Section title="Property Details">
        {draft ? (
          <PropertyFields draft={draft} onChange={onChange} pricing={pricing} />
        ) : (
          <Facts
            facts={[
              ['Property type', propertyTypeLabel(estimate.propertyType)],
              ['Location', estimate.location || 'Not set'],
            ]}
          />
        )}
      </Section>

      <Section title="Technical Configuration">
        {draft ? (
          <TechnicalFields
            draft={draft}
            onChange={onChange}
            pricing={pricing}
            automaticHours={automaticHours}
          />
        ) : (
          <Facts facts={technicalFacts(estimate)} />
        )}
      </Section>

      <Section title="Additional Information">
        {draft ? (
          <>
            <div className="sm:col-span-2">
              <TextArea
                label="Description"
                maxLength={5000}
                value={draft.description}
                onChange={(event) => onChange({ ...draft, description: event.target.value })}
              />
            </div>
            <div className="sm:col-span-2">
              <TextArea
                label="Special requirements"
                maxLength={5000}
                value={draft.specialRequirements}
                onChange={(event) => onChange({ ...draft, specialRequirements: event.target.value })}
              />
            </div>
          </>
        ) : (
          <Facts
            facts={[
              ['Description', estimate.description || 'No description'],
              ['Special requirements', estimate.specialRequirements || 'None'],
            ]}
          />
        )}
        <div className="sm:col-span-2">
          <h3 className="text-sm font-medium text-slate-800">Recommendations</h3>
          {estimate.recommendations.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">No recommendations.</p>
          ) : (
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-900">
              {estimate.recommendations.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </div>
      </Section>
    </div>
  );
}

function technicalFacts(estimate: TEstimate): [string, ReactNode][] {
  const facts: [string, ReactNode][] = [['Camera type', cameraTypeLabel(estimate.cameraType)]];
  if (estimate.cameraType !== 'none') facts.push(['Number of cameras', String(estimate.cameraCount)]);
  if (estimate.cameraType === 'wired') facts.push(['Wire length', `${estimate.wireLength} ft`]);
  facts.push(['Starlink installation', estimate.starlinkInstall ? 'Yes' : 'No']);
  facts.push([
    'Labor hours',
    `${estimate.laborHours} ${estimate.customLaborHours === null ? '(automatic)' : '(custom)'}`,
  ]);
  facts.push([
    'Additional services',
    estimate.selectedServices.length > 0 ? estimate.selectedServices.map((s) => s.name).join(', ') : 'None',
  ]);
  return facts;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `estimate-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="contents">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-0.5 text-sm whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
