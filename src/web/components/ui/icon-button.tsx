import { cn } from '@web/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

const tones = {
  /** Grey, darker on hover: the secondary controls of a row or a bar. */
  muted: 'text-muted hover:bg-surface-2 hover:text-fg',
  /** Grey, red on hover: deleting and removing. */
  danger: 'text-muted hover:bg-danger-soft hover:text-danger',
  /** Full colour: the player's own controls. */
  fg: 'text-fg hover:bg-surface',
} as const;

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** The accessible name: the button shows only its icon. */
  label: string;
  tone?: keyof typeof tones;
  /** The round button's size class (`size-11`, 44 px, by default). */
  size?: string;
  /** The icon's size class (`size-5` by default). */
  iconSize?: string;
  /** A filled icon (previous, next). */
  filled?: boolean;
}

/** A round button that shows only an icon and is named by `label` (44 px at least). */
export function IconButton({
  icon: Icon,
  label,
  tone = 'muted',
  size = 'size-11',
  iconSize = 'size-5',
  filled,
  className,
  type,
  ...props
}: IconButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full transition-colors', size, tones[tone], className)}
      {...props}
    >
      <Icon aria-hidden="true" fill={filled ? 'currentColor' : 'none'} className={iconSize} />
    </button>
  );
}
