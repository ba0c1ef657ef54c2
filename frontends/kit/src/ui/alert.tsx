// Inline messages: red for errors, green for successes (spec 2.4).
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

const VARIANTS = {
  destructive: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-800',
} as const;

export function Alert({ className, variant, ...props }: ComponentProps<'div'> & { variant: keyof typeof VARIANTS }) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      data-variant={variant}
      className={cn('rounded-md border px-3 py-2 text-sm', VARIANTS[variant], className)}
      {...props}
    />
  );
}
