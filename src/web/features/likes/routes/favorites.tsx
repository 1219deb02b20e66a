import { LIKES_TEXT } from '@shared/messages/likes';
import { LoginRequired } from '@web/components/layout/login-required';
import { PageHeader } from '@web/components/layout/page-header';
import { TrackRowSkeletons } from '@web/components/track/track-row';
import { useUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { FavoritesList } from '../components/favorites-list';

/** /favorites: my liked tracks (login required; listener spec §2). */
export function FavoritesRoute() {
  useDocumentTitle(LIKES_TEXT.favorites.documentTitle);
  const { isSignedIn, isPending } = useUser();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-8 lg:max-w-5xl lg:px-6">
      <PageHeader title={LIKES_TEXT.favorites.documentTitle} />
      {isPending ? <TrackRowSkeletons /> : isSignedIn ? <FavoritesList /> : <LoginRequired body={LIKES_TEXT.favorites.body} />}
    </div>
  );
}
