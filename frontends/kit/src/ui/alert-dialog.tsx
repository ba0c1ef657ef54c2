// Confirmation dialogs with Radix AlertDialog's behaviour (role "alertdialog", no dismissal by a
// click outside, Escape and Cancel close it), built on the kit's Radix Dialog so the kit needs no
// second dialog package. Focus starts on the first control: Cancel, or the field to type into.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { usePortalContainer } from '../single-spa/area-root.tsx';
import { Button, type ButtonProps } from './button.tsx';
import { DialogOverlay } from './dialog.tsx';

export const AlertDialog = DialogPrimitive.Root;
export const AlertDialogTrigger = DialogPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal container={usePortalContainer()}>
      <DialogOverlay />
      <DialogPrimitive.Content
        role="alertdialog"
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-white p-6 shadow-xl',
          className,
        )}
        {...props}
      />
    </DialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/** Closes the dialog without doing anything. */
export function AlertDialogCancel({ children = 'Cancel', variant = 'outline', ...props }: ButtonProps) {
  return (
    <DialogPrimitive.Close asChild>
      <Button variant={variant} {...props}>
        {children}
      </Button>
    </DialogPrimitive.Close>
  );
}
