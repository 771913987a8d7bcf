import { answersProblem, type FormAnswers } from '@app/contracts/forms/answers';
import type { FormTemplate } from '@app/contracts/forms/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { today } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast-store';
import { createFormDocument, DOCUMENTS_KEY, signDocument } from './api';
import { FormFields } from './FormFields';
import { SignatureDialog } from './SignatureDialog';

/**
 * A required document (Property Permission Form, Insurance Certificate, Service Agreement) filled and
 * signed by the client for one project: the answers are checked with the server's own rule, then the form
 * is made (POST /api/documents) and signed (PATCH /api/documents/{id}/sign) once the signature is drawn.
 */
export function RequiredFormDialog({
  template,
  projectId,
  onClose,
}: {
  template: FormTemplate | null;
  projectId: number;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={template !== null}
      onClose={onClose}
      wide
      title={template?.title ?? 'Required document'}
      description={template?.description}
    >
      {template && (
        <FillAndSign key={template.id} template={template} projectId={projectId} onDone={onClose} />
      )}
    </Dialog>
  );
}

function FillAndSign({
  template,
  projectId,
  onDone,
}: {
  template: FormTemplate;
  projectId: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const hasDate = template.sections.some((s) => s.fields.some((f) => f.id === 'date' && f.type === 'date'));
  const [answers, setAnswers] = useState<FormAnswers>(hasDate ? { date: today() } : {});
  const [problem, setProblem] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [busy, setBusy] = useState(false);
  // The form made by a first attempt whose signature failed: signed again, never made twice.
  const [madeId, setMadeId] = useState<number | null>(null);

  const openSignature = () => {
    const found = answersProblem(template, answers);
    setProblem(found);
    if (!found) setSigning(true);
  };

  const submit = async (signatureData: string) => {
    setBusy(true);
    let id = madeId;
    try {
      if (id === null) {
        const made = await createFormDocument({
          title: template.title,
          projectId,
          type: 'form',
          status: 'pending',
          formData: answers as Record<string, string | number | boolean | string[] | null>,
          templateType: template.id,
        });
        id = made.id;
        setMadeId(id);
      }
      const signed = await signDocument(id, signatureData);
      void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
      setSigning(false);
      toast({
        title: 'Document signed successfully',
        description: isAccepted(signed) ? signed.message : template.title,
      });
      onDone();
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
      callFailure(error, 'Failed to sign document');
    } finally {
      setBusy(false);
    }
  };

  return (
    // Not a <form>: the staff's project dialog is one, and forms do not nest.
    <div className="space-y-5">
      <FormFields
        form={template}
        answers={answers}
        onChange={(next) => {
          setAnswers(next);
          if (problem) setProblem(answersProblem(template, next));
        }}
        disabled={busy || madeId !== null}
      />
      {problem && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={openSignature} disabled={busy}>
          Sign Document
        </Button>
      </div>
      <SignatureDialog
        open={signing}
        onClose={() => setSigning(false)}
        onSubmit={(data) => void submit(data)}
        pending={busy}
        documentTitle={template.title}
      />
    </div>
  );
}
