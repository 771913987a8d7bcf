import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { sendFrame } from '../../lib/socket';
import { Button } from '../../ui/Button';
import { composeState } from './compose';
import { typingSender } from './typing';

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Send is disabled with empty text, without
 * a recipient or while sending; a text over 5,000 characters shows the limit before anything is sent.
 * Typing frames go out on the socket for the conversation (none without one).
 */
export function MessageComposer({
  conversationId,
  onSend,
  sending,
  disabled = false,
  label = 'Message',
  placeholder = 'Type your message...',
}: {
  conversationId: string | null;
  /** Answers whether the message was sent (the box is emptied then). */
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
  /** No recipient chosen. */
  disabled?: boolean;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const problemId = useId();
  const { canSend, problem } = composeState(text);
  const typing = useMemo(() => typingSender((frame) => sendFrame(frame)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: typing stops when the conversation changes too
  useEffect(() => () => typing.stop(), [typing, conversationId]);

  const send = async () => {
    if (!canSend || sending || disabled) return;
    typing.stop();
    const typed = text;
    // Cleared at once: the message can show in the thread before the send's answer arrives. A failed send
    // puts the text back, unless something new was typed meanwhile.
    setText('');
    if (!(await onSend(typed.trim()))) setText((current) => (current === '' ? typed : current));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`${problemId}-input`}>
          {label}
        </label>
        <textarea
          id={`${problemId}-input`}
          rows={2}
          value={text}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (conversationId && event.target.value.length > 0) typing.keystroke(conversationId);
          }}
          onKeyDown={onKeyDown}
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-700"
        />
        <Button type="submit" disabled={!canSend || sending || disabled}>
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
