import type { TSiteContent } from '@app/contracts/api/settings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { ContactSection } from './ContactSection';
import { contentDraft, defaultDraft } from './content-form';
import { siteContentQuery } from './content-query';
import { GallerySection } from './GallerySection';
import { SiteContentSection } from './SiteContentSection';

const RESET_QUESTION =
  'Reset every content field to the default texts? Nothing is saved until you click Save Content or Save Contact Information.';

/** Content management: the public site's texts and contact details, with a Reset to Default. */
export function ContentView() {
  const query = useQuery(siteContentQuery);

  if (query.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading content" />
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{failureText(query.error, 'Could not load the site content.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  return <ContentEditor initial={contentDraft(query.data)} />;
}

/** One draft for both sections, so Reset to Default fills them all and a failed save loses nothing. */
function ContentEditor({ initial }: { initial: TSiteContent }) {
  const [draft, setDraft] = useState(initial);
  const edit = (field: keyof TSiteContent) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const reset = () => {
    if (!window.confirm(RESET_QUESTION)) return;
    setDraft(defaultDraft());
    toast({ title: 'Default content restored', description: 'Save to publish the default texts.' });
  };

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Website Content</h2>
          <p className="text-sm text-slate-700">Edit the texts and contact details of the public pages.</p>
        </div>
        <Button variant="outline" onClick={reset}>
          Reset to Default
        </Button>
      </div>
      <SiteContentSection draft={draft} edit={edit} />
      <ContactSection draft={draft} edit={edit} />
      <GallerySection />
    </div>
  );
}
