import { useEffect } from 'react';
import { create } from 'zustand';
import type { TypingState } from './typing';

/**
 * What the server does not own (STYLE 9): which conversation is on screen (so its messages raise no
 * toast and no unread count) and who is typing where.
 */
export const useMessagingStore = create<{ open: string | null; typing: TypingState }>(() => ({
  open: null,
  typing: {},
}));

/** Marks `conversationId` as the one on screen while the calling pane shows it. */
export function useOpenConversation(conversationId: string | null, visible = true) {
  useEffect(() => {
    if (!visible || conversationId === null) return;
    useMessagingStore.setState({ open: conversationId });
    return () => {
      if (useMessagingStore.getState().open === conversationId) useMessagingStore.setState({ open: null });
    };
  }, [conversationId, visible]);
}

export const useTypingIn = (conversationId: string | null) =>
  useMessagingStore((state) => (conversationId ? state.typing[conversationId] : undefined));
