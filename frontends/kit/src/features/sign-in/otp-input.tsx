// Six single-digit boxes: typing moves forward, Backspace on an empty box moves back,
// arrows move between boxes, paste fills from the first box (spec 5).
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { digitFromTyping, digitsFromPaste, fillDigits, type CodeDigits } from './otp-code.ts';
import { CODE_LENGTH } from './sign-in-messages.ts';

interface OtpInputProps {
  code: CodeDigits;
  onChange: (code: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Changing this number puts the focus back on the first box (e.g. after a rejected code). */
  focusFirstSignal?: number;
}

export function OtpInput({ code, onChange, disabled, invalid, focusFirstSignal = 0 }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  useEffect(() => {
    if (focusFirstSignal > 0 && !disabled) boxes.current[0]?.focus();
  }, [focusFirstSignal, disabled]);

  const handleInput = (index: number, value: string) => {
    const typed = value.replace(/\D/g, '');
    // Several digits at once (autofill of the whole code): treat like a paste into this box.
    if (typed.length > 1 && !code[index]) {
      const digits = digitsFromPaste(typed);
      onChange(fillDigits(code, index, digits));
      focusBox(index + digits.length);
      return;
    }
    const digit = digitFromTyping(value);
    onChange(fillDigits(code, index, [digit]));
    if (digit) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !code[index] && index > 0) {
      event.preventDefault();
      onChange(fillDigits(code, index - 1, ['']));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsFromPaste(event.clipboardData.getData('text'));
    if (digits.length === 0) return;
    onChange(
      fillDigits(
        code.map(() => ''),
        0,
        digits,
      ),
    );
    focusBox(digits.length);
  };

  return (
    <div role="group" aria-label="Verification code" className="flex justify-center gap-2">
      {code.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positional; their order never changes.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code step opens in a dialog with its first box ready to type into.
          autoFocus={index === 0}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={handlePaste}
          onFocus={(event) => event.target.select()}
          className={cn(
            'size-11 rounded-md border border-slate-300 text-center text-lg font-semibold text-slate-900 sm:size-12',
            'focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-50',
            invalid && 'border-red-500',
          )}
        />
      ))}
    </div>
  );
}
