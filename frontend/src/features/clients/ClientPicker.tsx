import type { TClient, TClientListItem, TClientsPage } from '@app/contracts/api/clients';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRead, useSettled } from '../../lib/paged-list';
import { SearchCombobox } from '../../ui/SearchCombobox';

const CLIENTS_KEY = '/api/clients';
const PICKER_PAGE = 20;

/** What a picker needs of a client: a list row or a whole record will do. */
export type PickedClient = Pick<TClient, 'id' | 'name' | 'email' | 'phone' | 'address'>;

/** The line under a client's name that tells two of the same name apart. */
export const clientDetails = (c: PickedClient) => [c.email, c.phone, c.address].filter(Boolean).join(' · ');

/**
 * A client found by typing (name, e-mail, phone or address): the server searches as the person types and
 * answers the first 20 matches by name. `clientId` may be set from outside; its name is then read.
 */
export function ClientPicker({
  label = 'Client',
  clientId,
  onChange,
  error,
  placeholder = 'Type a name, e-mail or phone',
}: {
  label?: string;
  clientId: number | null;
  onChange: (client: PickedClient | null) => void;
  error?: string | null;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedClient | null>(null);
  const q = useSettled(text.trim());
  const found = useQuery({
    queryKey: [CLIENTS_KEY, 'pick', q],
    queryFn: () =>
      apiRead<TClientsPage>(
        `${CLIENTS_KEY}?${new URLSearchParams({ limit: String(PICKER_PAGE), ...(q ? { q } : {}) })}`,
      ),
    placeholderData: (previous) => previous,
  });
  const given = useQuery({
    queryKey: [CLIENTS_KEY, clientId],
    queryFn: () => apiRead<TClient>(`${CLIENTS_KEY}/${clientId}`),
    enabled: clientId !== null && picked?.id !== clientId,
  });
  const selected = clientId === null ? null : picked?.id === clientId ? picked : (given.data ?? null);
  return (
    <SearchCombobox<PickedClient>
      label={label}
      items={found.data?.items ?? ([] as TClientListItem[])}
      selected={selected}
      onSelect={(client) => {
        setPicked(client);
        onChange(client);
      }}
      onSearch={setText}
      toText={(c) => c.name}
      describe={clientDetails}
      keyOf={(c) => c.id}
      loading={found.isFetching || q !== text.trim()}
      placeholder={placeholder}
      error={error}
      emptyText="No client matches what you typed."
    />
  );
}
