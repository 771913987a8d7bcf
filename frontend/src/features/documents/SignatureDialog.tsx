import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** The signature picture sent to the server (spec part 2, section 9: a 400x200 canvas, PNG). */
export const SIGNATURE_WIDTH = 400;
export const SIGNATURE_HEIGHT = 200;

export const SIGNATURE_LEGAL_NOTICE =
  'By clicking Submit Signature, you agree that your electronic signature has the same legal effect as your handwritten signature.';

/**
 * The drawing as a 400x200 PNG data URL, whatever size the canvas has on screen: on a narrow phone the
 * canvas is narrower and on a high-density screen it holds more pixels, but the picture has one shape.
 */
function exportPng(canvas: HTMLCanvasElement): string {
  const out = document.createElement('canvas');
  out.width = SIGNATURE_WIDTH;
  out.height = SIGNATURE_HEIGHT;
  out.getContext('2d')?.drawImage(canvas, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  return out.toDataURL('image/png');
}

/**
 * The 'Digital Signature Required' dialog (spec part 2, section 2.4a): a drawing canvas that takes mouse,
 * touch and pen (signature_pad listens to pointer events), Clear, Cancel, and Submit Signature, enabled
 * only once something is drawn. `onSubmit` gets the PNG data URL; the dialog stays open while `pending`.
 */
export function SignatureDialog({
  open,
  onClose,
  onSubmit,
  pending = false,
  documentTitle,
  description,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (signatureData: string) => void;
  pending?: boolean;
  documentTitle?: string;
  /** Says what is being signed, instead of "complete <document>" (a quote is accepted, not completed). */
  description?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      title="Digital Signature Required"
      description={
        description ??
        (documentTitle
          ? `Please sign below to complete "${documentTitle}".`
          : 'Please sign below to complete this document.')
      }
    >
      {open && <SignatureForm onCancel={onClose} onSubmit={onSubmit} pending={pending} />}
    </Dialog>
  );
}

function SignatureForm({
  onCancel,
  onSubmit,
  pending,
}: {
  onCancel: () => void;
  onSubmit: (signatureData: string) => void;
  pending: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [drawn, setDrawn] = useState(false);
  const noticeId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0f172a', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const onEnd = () => setDrawn(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);

    // The drawing buffer follows the canvas's size on screen times the pixel density, so strokes land
    // under the finger and stay sharp. The dialog is laid out after this effect runs (and a phone may
    // turn), hence an observer rather than one measurement. Strokes are kept in CSS pixels.
    const fit = () => {
      const { width, height } = canvas.getBoundingClientRect();
      if (width === 0 || height === 0) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      if (canvas.width === w && canvas.height === h) return;
      const strokes = pad.toData();
      canvas.width = w;
      canvas.height = h;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (pending) pad.off();
    else pad.on();
  }, [pending]);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
  };

  const submit = () => {
    const canvas = canvasRef.current;
    if (!canvas || !padRef.current || padRef.current.isEmpty()) return;
    onSubmit(exportPng(canvas));
  };

  return (
    <div className="space-y-4">
      <div className="mx-auto w-full max-w-[400px]">
        <canvas
          ref={canvasRef}
          data-testid="signature-canvas"
          role="img"
          aria-label="Signature area: draw your signature with a mouse, finger or pen"
          aria-describedby={noticeId}
          className="block aspect-[2/1] w-full touch-none rounded-md border-2 border-dashed border-slate-400 bg-white"
        />
        <p className="mt-1 text-center text-xs text-slate-600">Sign above</p>
      </div>
      <p id={noticeId} className="rounded-md bg-slate-50 p-3 text-xs text-slate-700">
        {SIGNATURE_LEGAL_NOTICE}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={clear} disabled={pending || !drawn}>
          Clear
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={pending || !drawn}>
          {pending ? 'Submitting...' : 'Submit Signature'}
        </Button>
      </div>
    </div>
  );
}
