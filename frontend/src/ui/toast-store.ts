import { create } from 'zustand';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

const DEFAULT_DURATION_MS = 5000;

type ToastState = {
  current: Toast | null;
  /**
   * Where toasts show: the page, or the top-most open modal dialog (a modal makes the rest of the page
   * inert, so a toast outside it could be neither seen by screen readers nor dismissed).
   */
  hosts: string[];
  show: (toast: Omit<Toast, 'id'>) => void;
  dismiss: () => void;
  openHost: (host: string) => void;
  closeHost: (host: string) => void;
};

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** One notification at a time (spec part 1, section 9): a new one replaces the one on screen. */
export const useToasts = create<ToastState>((set) => ({
  current: null,
  hosts: ['page'],
  show: (toast) => {
    clearTimeout(timer);
    const current = { ...toast, id: nextId++ };
    set({ current });
    timer = setTimeout(
      () => set((state) => (state.current?.id === current.id ? { current: null } : state)),
      toast.durationMs ?? DEFAULT_DURATION_MS,
    );
  },
  dismiss: () => {
    clearTimeout(timer);
    set({ current: null });
  },
  openHost: (host) => set((state) => ({ hosts: [...state.hosts.filter((h) => h !== host), host] })),
  closeHost: (host) => set((state) => ({ hosts: state.hosts.filter((h) => h !== host) })),
}));

export const toast = (toast: Omit<Toast, 'id'>) => useToasts.getState().show(toast);
export const errorToast = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });
