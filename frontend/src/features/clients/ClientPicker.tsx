import type { TClient } from '@app/contracts/api/clients';
import { apiRead } from '../../lib/paged-list';
import { pickerUrl, usePickerSearch } from '../../lib/picker-search';
import { SearchCombobox } from '../../ui/SearchCombobox';

const CLIENTS_KEY = '/api/clients';

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
  const search = usePickerSearch({
    id: clientId,
    onChange,
    searchKey: [CLIENTS_KEY, 'pick'],
    searchUrl: (q) => pickerUrl(CLIENTS_KEY, q),
    readOne: (id) => ({
      queryKey: [CLIENTS_KEY, id],
      queryFn: () => apiRead<TClient>(`${CLIENTS_KEY}/${id}`),
    }),
  });
  return (
    <SearchCombobox<PickedClient>
      label={label}
      {...search}
      toText={(c) => c.name}
      describe={clientDetails}
      keyOf={(c) => c.id}
      placeholder={placeholder}
      error={error}
      emptyText="No client matches what you typed."
    />
  );
}
