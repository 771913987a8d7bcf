import type { TEstimate } from '@app/contracts/api/estimates';
import { dollars } from '@app/contracts/estimates/quote-text';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SignatureDialog } from '../../documents/SignatureDialog';
import { PayQuoteChoice } from '../../invoices/PayQuoteChoice';
import { useAcceptQuote } from './api';
import { DeclineQuoteDialog } from './DeclineQuoteDialog';
import { alaskaTime, type QuoteState, signerNameProblem } from './quote-view';

/**
 * The client's answer to a quote. Open: Accept (typed full name, then the signature dialog) or Decline (a
 * reason). Accepted, declined or expired: how it stands, and no buttons.
 */
export function QuoteAnswer({
  quote,
  state,
  onShowProjects,
}: {
  quote: TEstimate;
  state: QuoteState;
  onShowProjects?: () => void;
}) {
  // An answer given here is brought into view and focus when the quote, read again, shows it; for an
  // acceptance, whether the quote had a project before (if not, accepting made it).
  const [answered, setAnswered] = useState<{ hadProject: boolean } | null>(null);
  switch (state) {
    case 'open':
      return <OpenQuote quote={quote} onAnswered={setAnswered} />;
    case 'accepted':
      return <AcceptedQuote quote={quote} onShowProjects={onShowProjects} answered={answered} />;
    case 'declined':
      return (
        <Outcome tone="slate" title="Quote declined" announce={answered !== null}>
          You declined this quote{quote.declinedAt ? ` on ${alaskaTime(quote.declinedAt)}` : ''}.
          {quote.declineReason && (
            <span className="mt-1 block break-words">Your reason: {quote.declineReason}</span>
          )}
        </Outcome>
      );
    case 'expired':
      return (
        <Outcome tone="slate" title="Quote expired">
          This quote was valid until {alaskaTime(quote.validUntil)}. Please contact us for a new quote.
        </Outcome>
      );
    default: {
      const unhandled: never = state;
      return unhandled;
    }
  }
}

function OpenQuote({
  quote,
  onAnswered,
}: {
  quote: TEstimate;
  onAnswered: (answer: { hadProject: boolean }) => void;
}) {
  const hadProject = quote.projectId !== null;
  const accept = useAcceptQuote();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [declining, setDeclining] = useState(false);
  const headingId = useId();

  const startSigning = () => {
    const problem = signerNameProblem(name);
    setNameError(problem);
    if (!problem) setSigning(true);
  };
  const submit = (signatureData: string) =>
    accept.mutate(
      { id: quote.id, body: { signerName: name.trim(), signatureData }, hadProject },
      // A failure keeps the dialog and the drawing for another try; a quote expired or answered meanwhile is
      // read again and shows how it stands, which closes this with the rest of the open quote's answer.
      {
        onSuccess: () => {
          setSigning(false);
          onAnswered({ hadProject });
        },
      },
    );

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-blue-200 bg-blue-50 p-4">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        Accept this quote
      </h4>
      <p className="mt-1 text-sm text-slate-800">
        To accept quote {quote.quoteNumber} for {dollars(quote.totalCents)}, type your full name and sign.
        Your project is created as soon as you accept.
      </p>
      <form
        className="mt-3 space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          startSigning();
        }}
      >
        <TextField
          label="Full name"
          autoComplete="name"
          value={name}
          maxLength={200}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(null);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={accept.isPending}>
            Accept &amp; Sign
          </Button>
          <Button variant="outline" onClick={() => setDeclining(true)} disabled={accept.isPending}>
            Decline
          </Button>
        </div>
      </form>
      <SignatureDialog
        open={signing}
        onClose={() => setSigning(false)}
        onSubmit={submit}
        pending={accept.isPending}
        description={`Sign below to accept quote ${quote.quoteNumber} (${dollars(quote.totalCents)}) as ${name.trim()}.`}
      />
      <DeclineQuoteDialog
        quote={quote}
        open={declining}
        onClose={() => setDeclining(false)}
        onDeclined={() => onAnswered({ hadProject })}
      />
    </section>
  );
}

function AcceptedQuote({
  quote,
  onShowProjects,
  answered,
}: {
  quote: TEstimate;
  onShowProjects?: () => void;
  /** Accepted just now, here. */
  answered: { hadProject: boolean } | null;
}) {
  const project = quote.projectTitle;
  return (
    <Outcome tone="green" title="Quote accepted" announce={answered !== null}>
      {quote.signerName ? `Accepted by ${quote.signerName}` : 'Accepted'}
      {quote.acceptedAt ? ` on ${alaskaTime(quote.acceptedAt)}` : ''}.
      <span className="mt-1 block break-words" data-testid="quote-project">
        {project === null
          ? 'Your project is being set up and will appear under Project Tracking shortly.'
          : answered && !answered.hadProject
            ? `Your project "${project}" has been created. We will contact you to schedule the work.`
            : `The work is part of your project "${project}", listed under Project Tracking.`}
      </span>
      {onShowProjects && (
        <Button variant="outline" className="mt-3" onClick={onShowProjects}>
          View Project Tracking
        </Button>
      )}
      <PayQuoteChoice quote={quote} />
    </Outcome>
  );
}

const TONES = {
  green: 'border-green-300 bg-green-50 text-green-950',
  slate: 'border-slate-300 bg-slate-50 text-slate-900',
} as const;

function Outcome({
  tone,
  title,
  children,
  announce = false,
}: {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  /** Just answered here: scrolled into view and focused. */
  announce?: boolean;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!announce) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: 'center' });
  }, [announce]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-labelledby={headingId}
      data-testid="quote-outcome"
      className={`rounded-lg border p-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${TONES[tone]}`}
    >
      <h4 id={headingId} className="text-base font-semibold">
        {title}
      </h4>
      <div className="mt-1">{children}</div>
    </section>
  );
}
