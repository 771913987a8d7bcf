import type { TSettingsRead } from '@app/contracts/api/settings';
import type { FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { StaleCopyNotice } from '../../../ui/StaleCopyNotice';
import { useSectionSave } from '../use-section-save';

export function AdminTab({ settings }: { settings: TSettingsRead }) {
  const {
    draft: form,
    setDraft: setForm,
    submit,
    saving,
    errors,
    edited,
    staleText,
    reload,
  } = useSectionSave('admin', settings, (read) => read.admin);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit({ section: 'admin', data: form });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-4">
      <h3 className="text-base font-semibold text-slate-900">Administrator</h3>
      <TextField
        label="Admin name"
        name="name"
        autoComplete="name"
        value={form.name}
        error={errors.name}
        onChange={(event) => {
          setForm((current) => ({ ...current, name: event.target.value }));
          edited('name');
        }}
      />
      <TextField
        label="Admin email"
        type="email"
        name="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onChange={(event) => {
          setForm((current) => ({ ...current, email: event.target.value }));
          edited('email');
        }}
      />
      {staleText && <StaleCopyNotice message={staleText} onReload={reload} />}
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save Admin Settings'}
      </Button>
    </form>
  );
}
