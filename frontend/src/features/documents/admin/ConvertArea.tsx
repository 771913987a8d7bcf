import { CONVERT_ACCEPT, type TCustomForm } from '@app/contracts/api/forms';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useId, useState } from 'react';
import { ApiError, failureText, isAccepted } from '../../../lib/api';
import { signInAgain } from '../../../lib/failure';
import { errorToast, toast } from '../../../ui/toast-store';
import { convertToForm, FORMS_KEY, saveCustomForm } from '../api';
import { type BuilderDraft, draftBody, draftOfConversion, draftOfForm } from './builder-draft';
import { convertFileProblem } from './upload-checks';

const CONVERSION_FALLBACK = 'Unable to convert document to form. Please try again.';

/**
 * 'Convert Document to Form' (spec part 2, sections 2.4a, 4, 5): a PDF, Word file or image is read by the
 * server into sections and fields. A form with fields is kept on the server at once and added at the top
 * of the custom forms; either way it opens in the builder (an image's empty form is filled in there).
 */
export function ConvertArea({ onConverted }: { onConverted: (draft: BuilderDraft) => void }) {
  const queryClient = useQueryClient();
  const [converting, setConverting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  const convert = async (file: File) => {
    const problem = convertFileProblem(file);
    if (problem) return errorToast(problem.title, problem.description);
    setConverting(true);
    try {
      const answer = await convertToForm(file);
      if (!answer.success) return errorToast('Conversion failed', answer.error || CONVERSION_FALLBACK);
      const draft = draftOfConversion(answer, file.name);
      let opened = draft;
      if (draft.sections.length > 0) {
        const saved = await saveCustomForm(draftBody(draft));
        if (!isAccepted(saved)) {
          queryClient.setQueryData<TCustomForm[]>([FORMS_KEY], (list) => (list ? [saved, ...list] : list));
          opened = draftOfForm(saved);
        }
        void queryClient.invalidateQueries({ queryKey: [FORMS_KEY] });
      }
      toast({ title: 'Document converted successfully', description: opened.title });
      onConverted(opened);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signInAgain();
      errorToast('Conversion failed', failureText(error, CONVERSION_FALLBACK));
    } finally {
      setConverting(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !converting) void convert(file);
  };

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white'}`}
    >
      <h3 id={`${inputId}-heading`} className="text-base font-semibold text-slate-900">
        Convert Document to Form
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Upload a PDF, Word document or image and its labels become a form you can edit.
      </p>
      <label
        htmlFor={inputId}
        className={`mt-4 inline-flex cursor-pointer items-center rounded-md px-4 py-2 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-blue-700 ${converting ? 'bg-blue-300' : 'bg-blue-700 hover:bg-blue-800'}`}
      >
        {converting ? 'Converting...' : 'Choose Document'}
      </label>
      <input
        id={inputId}
        type="file"
        accept={CONVERT_ACCEPT}
        disabled={converting}
        className="sr-only"
        aria-label="Convert Document to Form"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void convert(file);
        }}
      />
      <p className="mt-2 text-xs text-slate-600">PDF, DOC, DOCX, PNG or JPG</p>
      {converting && (
        <p role="status" className="mt-2 text-sm text-slate-800">
          Converting...
        </p>
      )}
    </section>
  );
}
