import type { TSettings, TSettingsRead } from '@app/contracts/api/settings';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { StaleCopyNotice } from '../../../ui/StaleCopyNotice';
import { settingsQuery } from '../settings-query';
import { useSectionSave } from '../use-section-save';
import { LogoUpload } from './LogoUpload';

type CompanyForm = Omit<TSettings['company'], 'logo'>;

const companyForm = ({ company }: TSettingsRead): CompanyForm => ({
  name: company.name,
  email: company.email,
  phone: company.phone,
  address: company.address,
});

export function CompanyTab({ settings }: { settings: TSettingsRead }) {
  const queryClient = useQueryClient();
  const {
    draft: form,
    setDraft: setForm,
    submit,
    saving,
    errors,
    edited,
    staleText,
    reload,
  } = useSectionSave('company', settings, companyForm);
  const set = (field: keyof CompanyForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    edited(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The logo is uploaded on its own; the save keeps whichever logo is newest.
    const logo = queryClient.getQueryData(settingsQuery.queryKey)?.company.logo ?? null;
    submit({ section: 'company', data: { ...form, logo } });
  };

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_auto]">
      <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
        <h3 className="text-base font-semibold text-slate-900">Company Information</h3>
        <TextField
          label="Company name"
          name="name"
          value={form.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          name="phone"
          autoComplete="tel"
          value={form.phone}
          error={errors.phone}
          onChange={set('phone')}
        />
        <TextField
          label="Address"
          name="address"
          value={form.address}
          error={errors.address}
          onChange={set('address')}
        />
        {staleText && <StaleCopyNotice message={staleText} onReload={reload} />}
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Company Settings'}
        </Button>
      </form>
      <LogoUpload />
    </div>
  );
}
