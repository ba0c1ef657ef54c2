import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400',
        'focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-50 aria-invalid:border-red-500 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
