import { PWA_MODE_KEY } from '@shared/rules/pwa';
import { writeStored } from '@web/lib/storage';
import { Navigate, useLocation, useParams } from 'react-router';

/**
 * /pwa/* opens the app in PWA mode (L-4.2-14): the session flag is set, so the mode holds for the rest
 * of the session (L-3-27), and the page under it opens (/pwa/ -> /, /pwa/track/3 -> /track/3).
 */
export function PwaEntryRoute() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  writeStored('session', PWA_MODE_KEY, 'true');
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
