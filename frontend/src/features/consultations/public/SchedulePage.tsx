import {
  businessToday,
  PREFERRED_TIME_LABELS,
  PROPERTY_TYPE_LABELS,
  SERVICE_TYPE_LABELS,
} from '@app/contracts/api/consultations';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { createRecord } from '../../../lib/api';
import type { FieldErrors } from '../../../lib/field-errors';
import { useSiteContent } from '../../../public/content';
import { PublicLayout } from '../../../public/PublicLayout';
import { SERVICES } from '../../../public/services';
import { Button } from '../../../ui/Button';
import { SelectField, TextArea, TextField } from '../../../ui/Field';
import { errorToast, toast } from '../../../ui/toast-store';
import {
  type ConsultationForm,
  EMPTY_REQUEST,
  fieldProblems,
  formProblem,
  submissionFailure,
} from './consultation-form';

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const SERVICE_TYPES = options(SERVICE_TYPE_LABELS);
const PREFERRED_TIMES = options(PREFERRED_TIME_LABELS);
const PROPERTY_TYPES = options(PROPERTY_TYPE_LABELS);

export function SchedulePage() {
  const content = useSiteContent();
  const navigate = useNavigate();
  const [form, setForm] = useState<ConsultationForm>(EMPTY_REQUEST);
  const [errors, setErrors] = useState<FieldErrors<keyof ConsultationForm>>({});
  const set = (field: keyof ConsultationForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _fixed, ...others }) => others);
  };

  const submit = useMutation({
    mutationFn: (body: ConsultationForm) => createRecord('/api/consultations', body),
    onSuccess: () => {
      toast({
        title: 'Consultation Scheduled!',
        description: "We'll contact you within 24 hours to confirm your consultation.",
      });
      setForm(EMPTY_REQUEST);
      navigate({ to: '/thank-you' });
    },
    onError: (error) => errorToast('Submission Failed', submissionFailure(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = formProblem(form);
    setErrors(fieldProblems(form));
    if (problem) return errorToast(problem.title, problem.description);
    submit.mutate(form);
  };

  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 lg:grid-cols-3">
        <section id="consultation" className="lg:col-span-2" aria-labelledby="consultation-heading">
          <h1 id="consultation-heading" className="text-3xl font-bold">
            Schedule a Free Consultation
          </h1>
          <p className="mt-2 text-slate-700">Tell us about your project. Fields marked * are required.</p>
          <form onSubmit={onSubmit} noValidate className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Full name *"
              name="name"
              autoComplete="name"
              value={form.name}
              error={errors.name}
              onChange={set('name')}
            />
            <TextField
              label="Email *"
              name="email"
              type="email"
              autoComplete="email"
              value={form.email}
              error={errors.email}
              onChange={set('email')}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={form.phone}
              error={errors.phone}
              onChange={set('phone')}
            />
            <TextField
              label="Preferred date *"
              name="preferredDate"
              type="date"
              min={businessToday(new Date())}
              value={form.preferredDate}
              error={errors.preferredDate}
              onChange={set('preferredDate')}
            />
            <SelectField
              label="Preferred time"
              name="preferredTime"
              placeholder="Any time"
              options={PREFERRED_TIMES}
              value={form.preferredTime}
              error={errors.preferredTime}
              onChange={set('preferredTime')}
            />
            <SelectField
              label="Service type *"
              name="serviceType"
              placeholder="Select a service"
              options={SERVICE_TYPES}
              value={form.serviceType}
              error={errors.serviceType}
              onChange={set('serviceType')}
            />
            <SelectField
              label="Property type"
              name="propertyType"
              placeholder="Select a property type"
              options={PROPERTY_TYPES}
              value={form.propertyType}
              error={errors.propertyType}
              onChange={set('propertyType')}
            />
            <div className="sm:col-span-2">
              <TextArea
                label="Project description"
                name="description"
                value={form.description}
                error={errors.description}
                onChange={set('description')}
              />
            </div>
            {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
              <label>
                Website
                <input
                  tabIndex={-1}
                  autoComplete="off"
                  name="website"
                  value={form.website}
                  onChange={set('website')}
                />
              </label>
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
                {submit.isPending ? 'Scheduling...' : 'Schedule Consultation'}
              </Button>
            </div>
          </form>
        </section>
        <aside className="space-y-6">
          <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="services-list">
            <h2 id="services-list" className="text-lg font-semibold">
              Our Services
            </h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              {SERVICES.map((service) => (
                <li key={service.title}>{service.title}</li>
              ))}
            </ul>
          </section>
          <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="contact-card">
            <h2 id="contact-card" className="text-lg font-semibold">
              Contact Us
            </h2>
            <address className="mt-3 space-y-1 text-sm text-slate-700 not-italic">
              {content.contactPhone && <p>{content.contactPhone}</p>}
              {content.contactEmail && <p>{content.contactEmail}</p>}
              {content.address && <p>{content.address}</p>}
            </address>
            <p className="mt-3 text-sm text-slate-700">We'll contact you within 24 hours.</p>
          </section>
        </aside>
      </div>
    </PublicLayout>
  );
}
