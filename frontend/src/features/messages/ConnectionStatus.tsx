import { useSocketStatus } from '../../lib/socket';

/** The connection indicator (spec part 2, section 2.4b): Connected, or Disconnected (then lists are polled). */
export function ConnectionStatus() {
  const connected = useSocketStatus((state) => state.status === 'connected');
  return (
    <span
      role="status"
      data-testid="connection-status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${
        connected ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${connected ? 'bg-green-600' : 'bg-slate-500'}`}
      />
      {connected ? 'Connected' : 'Disconnected'}
    </span>
  );
}
