import type { ButtonLinkProps } from '@web/components/ui/button';
import { Plus } from 'lucide-react';

/** The way to /create-playlist with its plus sign (for a ButtonLink): in a page's header, or under an empty list. */
export const newPlaylistLink = (label: string, props: Omit<ButtonLinkProps, 'to'> = {}): ButtonLinkProps => ({
  ...props,
  to: '/create-playlist',
  children: (
    <>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </>
  ),
});
