import type { ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
} as const;

export const buttonClass = (variant: keyof typeof variants = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed ${variants[variant]} ${extra}`;

export function Button({
  variant,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
