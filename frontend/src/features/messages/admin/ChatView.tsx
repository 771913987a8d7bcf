import { useSearch } from '@tanstack/react-router';
import { useSessionUser } from '../../../auth/use-session';
import { Tabs } from '../../../ui/Tabs';
import { ChatWithSupport } from '../ChatWithSupport';
import { InternalMessaging } from './InternalMessaging';

/**
 * The admin's 'chat' view: Chat with Support and Internal Messages side by side as tabs. Both stay
 * mounted; only the shown one counts as open (its messages raise no toast and are marked read).
 */
export function ChatView() {
  const user = useSessionUser();
  // `?clientId=` (the Clients view's Chat button): Chat with Support opens with that client.
  const { clientId: openWith } = useSearch({ strict: false }) as { clientId?: number };

  // Messaging needs a signed-in user (spec part 2, section 6): the internal pane says so.
  if (!user) return <InternalMessaging user={null} visible={false} />;
  return (
    <Tabs
      label="Chat"
      tabs={[
        {
          id: 'support',
          label: 'Chat with Support',
          panel: (shown) => (
            <ChatWithSupport user={user} clientId={null} visible={shown} openWith={openWith} />
          ),
        },
        {
          id: 'internal',
          label: 'Internal Messages',
          panel: (shown) => <InternalMessaging user={user} visible={shown} />,
        },
      ]}
    />
  );
}
