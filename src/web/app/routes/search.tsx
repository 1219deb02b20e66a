import { RecommendedResults, SearchPage } from '@web/features/search/routes/search';
import { useTracks } from '@web/features/tracks/api/get-tracks';

/** おすすめ: the catalogue of the tracks feature, shown by the search page. */
function Recommended() {
  return <RecommendedResults catalogue={useTracks()} />;
}

/** /search: the search page with the catalogue's recommendations when nothing is asked. */
export function SearchRoute() {
  return <SearchPage recommended={<Recommended />} />;
}
