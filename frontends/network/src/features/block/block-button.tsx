// Block User / Unblock User on another citizen's profile (spec 2.10); `label` shortens it in lists.
import { Button, type ButtonProps } from '@civic/frontend-kit';
import { Ban, ShieldOff } from 'lucide-react';
import type { NetworkPerson } from '../follow/use-follow.ts';
import { BLOCK_TEXTS, nameOf } from '../texts/network-texts.ts';
import { useBlock } from './use-block.ts';

export interface BlockButtonProps {
  person: NetworkPerson;
  isBlocked: boolean;
  size?: ButtonProps['size'];
  /** The blocked list says just "Unblock" (spec 2.9). */
  short?: boolean;
}

export function BlockButton({ person, isBlocked, size = 'md', short = false }: BlockButtonProps) {
  const block = useBlock(person);
  const label = isBlocked ? (short ? BLOCK_TEXTS.unblockShort : BLOCK_TEXTS.unblock) : BLOCK_TEXTS.block;
  const Icon = isBlocked ? ShieldOff : Ban;
  return (
    <Button
      size={size}
      variant="outline"
      className={isBlocked ? undefined : 'text-red-700 hover:bg-red-50'}
      disabled={block.isPending}
      aria-label={short ? `${label} ${nameOf(person)}` : undefined}
      onClick={() => block.mutate(!isBlocked)}
    >
      <Icon className="size-4" aria-hidden="true" /> {label}
    </Button>
  );
}
