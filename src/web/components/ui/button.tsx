import { cn } from '@web/lib/cn';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

const variants = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover shadow-sm',
  secondary: 'bg-surface text-fg hover:bg-surface-2 border border-border',
  ghost: 'text-fg hover:bg-surface',
  danger: 'bg-danger text-white hover:opacity-90',
} as const;

const sizes = {
  /** Still 44 px tall, narrower and smaller text: several buttons side by side in a bar. */
  sm: 'min-h-11 px-3.5 text-[13px] rounded-full gap-1.5',
  md: 'min-h-11 px-5 text-[15px] rounded-full gap-2',
  lg: 'min-h-12 px-6 text-base rounded-full gap-2',
  icon: 'size-11 rounded-full',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child (e.g. a router Link) with the button's look. */
  asChild?: boolean;
}

/** The design system's button: 44 px tall at least, visible focus, greyed when disabled. */
export function Button({ variant = 'primary', size = 'md', asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex select-none items-center justify-center font-medium transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

export interface ButtonLinkProps extends ComponentProps<typeof Link> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/** A router link with the button's look (a way on from an empty, missing or status page). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link {...props} />
    </Button>
  );
}
