import { create } from 'zustand';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
};

type ToastState = { current: Toast | null; show: (toast: Omit<Toast, 'id'>) => void; dismiss: () => void };

let nextId = 1;

/** One notification at a time (spec part 1, section 9): a new one replaces the one on screen. */
export const useToasts = create<ToastState>((set) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));

export const toast = (toast: Omit<Toast, 'id'>) => useToasts.getState().show(toast);
export const errorToast = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });
