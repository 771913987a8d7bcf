import type { TSiteContent } from '@app/contracts/api/settings';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { type ContentErrors, contactErrors, contactInfo, contactProblem } from './content-form';
import { useSaveContact } from './save-contact';

type Edit = (field: keyof TSiteContent) => (event: { target: { value: string } }) => void;

/** Contact email, phone, website and address, saved on their own. */
export function ContactSection({ draft, edit }: { draft: TSiteContent; edit: Edit }) {
  const [errors, setErrors] = useState<ContentErrors>({});
  // A field's mark goes when it is edited.
  const change: Edit = (field) => (event) => {
    edit(field)(event);
    setErrors(({ [field]: _fixed, ...others }) => others);
  };
  const save = useSaveContact();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const contact = contactInfo(draft);
    const problem = contactProblem(contact);
    setErrors(contactErrors(contact));
    if (problem) return errorToast('Failed to save contact information', problem);
    save.mutate(contact);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-info-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="contact-info-heading" className="text-base font-semibold text-slate-900">
        Contact Information
      </h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Contact email"
          type="email"
          name="contactEmail"
          value={draft.contactEmail}
          error={errors.contactEmail}
          onChange={change('contactEmail')}
        />
        <TextField
          label="Contact phone"
          type="tel"
          name="contactPhone"
          value={draft.contactPhone}
          error={errors.contactPhone}
          onChange={change('contactPhone')}
        />
        <TextField
          label="Website"
          type="url"
          name="website"
          value={draft.website}
          error={errors.website}
          onChange={change('website')}
        />
        <TextField
          label="Address"
          name="address"
          value={draft.address}
          error={errors.address}
          onChange={change('address')}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Contact Information'}
      </Button>
    </form>
  );
}
