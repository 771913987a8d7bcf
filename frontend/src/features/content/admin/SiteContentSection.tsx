import type { TSiteContent } from '@app/contracts/api/settings';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextArea, TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { type ContentErrors, contentErrors, contentProblem } from './content-form';
import { useSaveContent } from './save-content';

type Edit = (field: keyof TSiteContent) => (event: { target: { value: string } }) => void;

/** Titles and descriptions; Save Content sends all eight fields, the contact details included. */
export function SiteContentSection({ draft, edit }: { draft: TSiteContent; edit: Edit }) {
  const [errors, setErrors] = useState<ContentErrors>({});
  // A field's mark goes when it is edited.
  const change: Edit = (field) => (event) => {
    edit(field)(event);
    setErrors(({ [field]: _fixed, ...others }) => others);
  };
  const save = useSaveContent();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = contentProblem(draft);
    setErrors(contentErrors(draft));
    if (problem) return errorToast('Failed to save content changes', problem);
    save.mutate(draft);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="site-content-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h3 id="site-content-heading" className="text-base font-semibold text-slate-900">
          Site Content
        </h3>
        <p className="text-sm text-slate-700">
          Shown on the public pages. Saving content also saves the contact information below.
        </p>
      </div>
      <TextField
        label="Company title"
        name="companyTitle"
        value={draft.companyTitle}
        error={errors.companyTitle}
        onChange={change('companyTitle')}
      />
      <TextField
        label="Company subtitle"
        name="companySubtitle"
        value={draft.companySubtitle}
        error={errors.companySubtitle}
        onChange={change('companySubtitle')}
      />
      <TextArea
        label="Hero description"
        name="heroDescription"
        value={draft.heroDescription}
        error={errors.heroDescription}
        onChange={change('heroDescription')}
      />
      <TextArea
        label="Services description"
        name="servicesDescription"
        value={draft.servicesDescription}
        error={errors.servicesDescription}
        onChange={change('servicesDescription')}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Content'}
      </Button>
    </form>
  );
}
